// The service's log: readable lines on a terminal, JSON lines (one object per event) otherwise,
// for log collectors. pino-pretty formats in-process, so no worker thread is left running.
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export function serviceLogger(level: string, stream: NodeJS.WriteStream = process.stdout): Logger {
  const options = { name: 'adjutant', level };
  if (!stream.isTTY) return pino(options, stream);
  return pino(options, pretty({ destination: stream, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,name', sync: true }));
}
