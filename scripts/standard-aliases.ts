// The abbreviations and other names players of the classic judges (njudge, DPjudge) write, beyond
// each province's id and name: every judge players know accepts them, so the standard map does too.
// Words the order grammar uses ("both", "east", "north") and nation adjectives ("English") are left out.
export const ALIASES: Record<string, string> = {
  adriatic: 'adr', aegean: 'aeg', baltic: 'bal', barents: 'bar', black: 'bla', gob: 'bot', bothnia: 'bot', 'gulf of bothnia': 'bot',
  istanbul: 'con', constantinople: 'con', eme: 'eas', ems: 'eas', emed: 'eas', 'east med': 'eas', 'eastern med': 'eas', eastmed: 'eas',
  ech: 'eng', channel: 'eng', 'the channel': 'eng', 'helgoland bight': 'hel', heligoland: 'hel', helgoland: 'hel', 'heligoland bight': 'hel',
  netherlands: 'hol', ionian: 'ion', irish: 'iri', lpl: 'lvp', livp: 'lvp', lvo: 'lvn', lva: 'lvn', livo: 'lvn',
  gol: 'lyo', lyon: 'lyo', lyons: 'lyo', 'gulf of lyons': 'lyo', mid: 'mao', mat: 'mao', midatlantic: 'mao', 'mid atlantic': 'mao',
  marseille: 'mar', mars: 'mar', nora: 'naf', 'n africa': 'naf', nat: 'nao', 'north atlantic': 'nao', nts: 'nth', norsea: 'nth',
  nrg: 'nwg', norwegian: 'nwg', norwsea: 'nwg', nor: 'nwy', norw: 'nwy', romania: 'rum', skagerrack: 'ska',
  'saint petersburg': 'stp', 'st pete': 'stp', petersburg: 'stp', tyl: 'tyr', trl: 'tyr', tyrol: 'tyr', tyn: 'tys', tyh: 'tys', tyrr: 'tys', tyrrhenian: 'tys', tunisia: 'tun',
  wme: 'wes', wms: 'wes', wmed: 'wes', 'west med': 'wes', 'western med': 'wes', westmed: 'wes', york: 'yor',
};
