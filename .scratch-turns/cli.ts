import { Command } from 'commander';
import { register } from '../src/cli/commands/serve.ts';
const program = new Command('adjutant');
register(program);
await program.parseAsync(process.argv);
