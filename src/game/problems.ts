// Problems in a game folder, said the way a GM reads them: the file, the line, the field, one sentence.

export interface Problem {
  file: string;
  line?: number;
  field?: string;
  message: string;
}

export function formatProblem(p: Problem): string {
  const where = p.line ? `${p.file}:${p.line}` : p.file;
  return p.field ? `${where}: ${p.field}: ${p.message}` : `${where}: ${p.message}`;
}

/** The game folder cannot be used as it is; `problems` says every reason, one line each. */
export class GameFolderError extends Error {
  override name = 'GameFolderError';
  constructor(readonly problems: Problem[]) {
    super(problems.map(formatProblem).join('\n'));
  }
}

/** The closest of `options` to `word`, when it is close enough to be a likely typo. */
export function didYouMean(word: string, options: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const option of options) {
    const d = editDistance(word.toLowerCase(), option.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [option, d];
  }
  return best !== undefined && bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}
