import { Command } from 'commander';
import { register } from './src/cli/commands/map.ts';
const program = new Command('adjutant'); register(program);
await program.parseAsync(process.argv);
