// The forum flavours a public update is written in: each forum's markup, its template and the
// file the turn's outputs keep it in. The one list; everything else reads it.

export const FLAVOURS = {
  xenforo: { template: 'update-xenforo.bbcode.hbs', file: 'update-xenforo.txt', markup: 'XenForo BBCode' },
  phpbb: { template: 'update-phpbb.bbcode.hbs', file: 'update-phpbb.txt', markup: 'phpBB BBCode' },
  discourse: { template: 'update-discourse.md.hbs', file: 'update-discourse.md', markup: 'Discourse Markdown' },
} as const;

export type Flavour = keyof typeof FLAVOURS;

export const FLAVOUR_NAMES = Object.keys(FLAVOURS) as Flavour[];

