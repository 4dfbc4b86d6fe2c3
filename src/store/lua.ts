// Lua scripts live in .lua files beside the module that owns the structures they touch (as BullMQ
// keeps its own), read once when that module loads; tsx runs the sources, so they sit beside them.
import { readFileSync } from 'node:fs';

/**
 * The text of `files`, found relative to `moduleUrl` (the caller's import.meta.url), joined in
 * order: a script that uses another owner's Lua functions names that owner's file first.
 */
export function loadLua(moduleUrl: string, ...files: string[]): string {
  return files.map((file) => readFileSync(new URL(file, moduleUrl), 'utf8')).join('\n');
}
