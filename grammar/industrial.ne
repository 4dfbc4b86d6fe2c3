# Orders of the industrial ruleset. Kinds and slots are those of src/rulesets/industrial/orders.ts.
# Units stack: unit orders name a province, and optionally a unit type and a count
# ("2 infantry in Paris", "the warships at Brest", "Paris").
@preprocessor typescript
@lexer lexer
@include "base.ne"
@{%
const SHIPS = ['warship', 'battleship', 'submarine'];
/** A stack's slots: the province and, when the player said them, the unit type and count. */
const forces = (place, s) => ({ province: place, unitType: s?.type, count: s?.count });
/** Ships' orders written as a stack of ships: "warship in Bre supports the infantry in Pic". */
const isShips = (f) => !!f.unitType && SHIPS.includes(f.unitType);
/** "move" means sail for ships and march for land forces. */
const moveKind = (f) => (f.unitType && SHIPS.includes(f.unitType) ? 'sail' : 'march');
const text = (parts) => parts.map((t) => t.raw).join(' ');
/** Nations of a treaty or agreement, one slot each: nation, nation2, nation3 (and nation4 when the drafter is among them). */
const parties = (list, most = 3) => Object.fromEntries(list.slice(0, most).map((n, i) => [i ? `nation${i + 1}` : 'nation', n]));
%}

LINE -> ORDERS {% id %}
ORDERS -> ORDER {% id %} | ORDERS SEP ORDER {% ([a, , b]) => g.join(a, b) %}
ORDER -> DEPLOY {% id %} | POSTURE {% id %} | TRANSFER {% id %} | MOVE {% id %} | SAIL {% id %} | RAIL {% id %}
  | INVADE {% id %} | DISEMBARK {% id %} | EMBARK {% id %} | SHIP_DUTY {% id %} | SALVAGE {% id %}
  | ENTRENCH {% id %} | SUPPORT {% id %} | CUT {% id %} | CAPITAL {% id %} | LEADER {% id %} | DISBAND {% id %}
  | BUILD {% id %} | PAYMENT {% id %} | TREATY {% id %} | RATIFY {% id %} | AGREEMENT {% id %} | EXPUNGE {% id %}

# Mass nouns ("infantry", "artillery") mean every such unit there; a singular word means one.
KIND -> KIND_ALL {% id %} | KIND_ONE {% id %} | KIND_MANY {% id %}
KIND_ALL -> "infantry" {% () => 'infantry' %} | "inf" {% () => 'infantry' %} | "troops" {% () => 'infantry' %}
  | "artillery" {% () => 'artillery' %} | "guns" {% () => 'artillery' %} | "cannon" {% () => 'artillery' %}
KIND_ONE -> "conscript" {% () => 'conscript' %} | "general" {% () => 'general' %} | "warship" {% () => 'warship' %} | "ship" {% () => 'warship' %}
  | "battleship" {% () => 'battleship' %} | "submarine" {% () => 'submarine' %} | "sub" {% () => 'submarine' %} | "gun" {% () => 'artillery' %}
  | "soldier" {% () => 'infantry' %} | "regiment" {% () => 'infantry' %}
KIND_MANY -> "conscripts" {% () => 'conscript' %} | "generals" {% () => 'general' %} | "warships" {% () => 'warship' %} | "ships" {% () => 'warship' %}
  | "battleships" {% () => 'battleship' %} | "submarines" {% () => 'submarine' %} | "subs" {% () => 'submarine' %}
  | "soldiers" {% () => 'infantry' %} | "regiments" {% () => 'infantry' %}
STACK -> KIND_ALL {% ([t]) => ({ type: t }) %} | KIND_MANY {% ([t]) => ({ type: t }) %} | KIND_ONE {% ([t]) => ({ type: t, count: 1 }) %} | NUMBER KIND {% ([n, t]) => ({ type: t, count: n }) %}
  | ARTICLE KIND {% ([, t]) => ({ type: t, count: 1 }) %} | ALL KIND {% ([, t]) => ({ type: t }) %}
FORCE_WORD -> "forces" | "force" | "army" | "armies" | "everything" | "stack" | "fleet"
# The units an order is for: "2 infantry in Paris", "Paris infantry", "forces in Paris", "Paris".
FORCES -> STACK AT:? PLACE {% ([s, , p]) => forces(p, s) %} | PLACE STACK {% ([p, s]) => forces(p, s) %}
  | FORCE_WORD AT PLACE {% ([, , p]) => forces(p) %} | PLACE FORCE_WORD {% ([p]) => forces(p) %}
  | PLACE {% ([p]) => forces(g.bare(p)) %} | AT PLACE {% ([, p]) => forces(g.bare(p)) %}
  # Another nation's units under your control: "ger's infantry in Ruhr". Whose they are says nothing the place does not.
  | NATION STACK AT PLACE {% ([, s, , p]) => forces(p, s) %}
GO -> TO | ARROW | "on" TO
NATIONS -> NATION {% ([n]) => [n] %} | NATIONS LIST_SEP NATION {% ([a, , b]) => [...a, b] %}

DEPLOY -> DEPLOY_VERB STACK AT PLACE SEA_AT:? {% ([, s, , p, sea], at) => g.plain(at, 'deploy', { province: p, unitType: s.type, count: s.count, sea: sea ?? undefined }) %}
DEPLOY_VERB -> "deploy" | "deploys" | "place" | "station" | "position"
SEA_AT -> AT PLACE {% ([, p]) => g.bare(p) %} | TO PLACE {% ([, p]) => g.bare(p) %}

ATTACK_VERB -> "attack" | "attacks" | "engage" | "engages" | "target" | "hunt"
POSTURE -> ATTACK_VERB NATION ON_SIGHT:? {% ([, n], at) => g.plain(at, 'attack', { nation: n }) %}
  | "kill" "on" "sight" NATION {% ([, , , n], at) => g.plain(at, 'attack', { nation: n }) %}
  | CEASE NATION {% ([, n], at) => g.plain(at, 'cease-fire', { nation: n }) %}
ON_SIGHT -> "on" "sight" | "ships" | "shipping" | "at" "sea"
CEASE -> "cease" "fire" | "cease" "fire" "with" | "ceasefire" | "stop" "attacking" | "peace" "with" | "do" "not" "attack"

TRANSFER -> TRANSFER_VERB FORCES TO NATION {% ([, f, , n], at) => g.plain(at, 'transfer', { ...f, nation: n }) %}
  # "transfer control of the infantry in Paris to ger", the rule document's words.
  | TRANSFER_VERB "control" "of" FORCES TO NATION {% ([, , , f, , n], at) => g.plain(at, 'transfer', { ...f, nation: n }) %}
TRANSFER_VERB -> "transfer" | "transfers" | "give" | "hand" "over" | "cede"

MOVE -> MOVE_VERB FORCES GO PLACE {% ([, f, , t], at) => g.plain(at, moveKind(f), { ...f, target: g.bare(t) }) %}
  | FORCES MOVE_VERB GO:? PLACE {% ([f, , , t], at) => g.plain(at, moveKind(f), { ...f, target: g.bare(t) }) %}
SAIL -> SAIL_VERB FORCES GO PLACE {% ([, f, , t], at) => g.plain(at, 'sail', { ...f, target: g.bare(t) }) %}
  | FORCES SAIL_VERB GO:? PLACE {% ([f, , , t], at) => g.plain(at, 'sail', { ...f, target: g.bare(t) }) %}
SAIL_VERB -> "sail" | "sails" | "steam" | "steams" | "s"
RAIL -> RAIL_VERB FORCES GO PLACE {% ([, f, , t], at) => g.plain(at, 'rail', { ...f, target: g.bare(t) }) %}
  | FORCES RAIL_VERB GO:? PLACE {% ([f, , , t], at) => g.plain(at, 'rail', { ...f, target: g.bare(t) }) %}
  | MOVE_VERB FORCES GO PLACE BY_RAIL {% ([, f, , t], at) => g.plain(at, 'rail', { ...f, target: g.bare(t) }) %}
  # In plain words: "the infantry in Paris takes the rail to Brest", "... goes by rail to Brest", "move Paris by rail to Brest".
  | FORCES RAIL_PHRASE GO PLACE {% ([f, , , t], at) => g.plain(at, 'rail', { ...f, target: g.bare(t) }) %}
  | MOVE_VERB FORCES BY_RAIL GO PLACE {% ([, f, , , t], at) => g.plain(at, 'rail', { ...f, target: g.bare(t) }) %}
RAIL_VERB -> "rail" | "rails" | "r" | "entrain"
RAIL_PHRASE -> TAKE RAIL_WORD | MOVE_VERB BY_RAIL | TRAVEL BY_RAIL
TAKE -> "take" | "takes" | "ride" | "rides" | "use" | "uses"
TRAVEL -> "travel" | "travels" | "ride" | "rides" | "head" | "heads"
RAIL_WORD -> "rail" | "train" | "railroad" | "railway" | "trains"
BY_RAIL -> WITH RAIL_WORD
INVADE -> INVADE_VERB FORCES GO PLACE {% ([, f, , t], at) => g.plain(at, 'invade', { ...f, target: g.bare(t) }) %}
  | FORCES INVADE_VERB GO:? PLACE {% ([f, , , t], at) => g.plain(at, 'invade', { ...f, target: g.bare(t) }) %}
  | INVADE_VERB PLACE "from" PLACE {% ([, t, , p], at) => g.plain(at, 'invade', { province: g.bare(p), target: g.bare(t) }) %}
  | INVADE_VERB PLACE WITH FORCES {% ([, t, , f], at) => g.plain(at, 'invade', { ...f, target: g.bare(t) }) %}
  | INVADE_VERB WITH FORCES GO PLACE {% ([, , f, , t], at) => g.plain(at, 'invade', { ...f, target: g.bare(t) }) %}
INVADE_VERB -> "invade" | "invades" | "i" | "attack" | "attacks" | "assault" | "assaults" | "storm" | "storms"

DISEMBARK -> DISEMBARK_VERB FORCES GO PLACE AND_INVADE:? {% ([, f, , t, i], at) => g.plain(at, 'disembark', { ...f, target: g.bare(t), invade: i ?? undefined }) %}
  | FORCES DISEMBARK_VERB GO:? PLACE AND_INVADE:? {% ([f, , , t, i], at) => g.plain(at, 'disembark', { ...f, target: g.bare(t), invade: i ?? undefined }) %}
  | FORCES DISEMBARK_VERB AT PLACE AND_INVADE:? {% ([f, , , t, i], at) => g.plain(at, 'disembark', { ...f, target: g.bare(t), invade: i ?? undefined }) %}
  # The ship's words: "warship Bre disembarks its infantry in Pic"; "infantry aboard the warship in Eng invades Pic".
  | FORCES DISEMBARK_VERB STACK GO_AT PLACE AND_INVADE:? {% ([f, , s, , t, i], at, reject) => isShips(f) ? g.plain(at, 'disembark', { ...forces(f.province, s), target: g.bare(t), invade: i ?? undefined }) : reject %}
  | STACK ABOARD FORCES INVADE_VERB PLACE {% ([s, , f, , t], at, reject) => isShips(f) ? g.plain(at, 'disembark', { ...forces(f.province, s), target: g.bare(t), invade: true }) : reject %}
DISEMBARK_VERB -> "disembark" | "disembarks" | "land" | "lands" | "unload" | "unloads" | "debark"
ABOARD -> "aboard" | "on" "board" | "onboard" | "on"
GO_AT -> GO | AT
AND_INVADE -> AND:? INVADE_VERB IT:? {% () => true %} | %lparen INVADE_VERB %rparen {% () => true %} | %comma INVADE_VERB IT:? {% () => true %}
IT -> "it" | "there"
EMBARK -> EMBARK_VERB FORCES GO PLACE {% ([, f, , t], at) => g.plain(at, 'embark', { ...f, target: g.bare(t) }) %}
  | FORCES EMBARK_VERB GO:? PLACE {% ([f, , , t], at) => g.plain(at, 'embark', { ...f, target: g.bare(t) }) %}
EMBARK_VERB -> "embark" | "embarks" | "board" | "boards" | "load" | "loads"

SHIP_DUTY -> FORCES SUPPORT_VERB FORCES {% ([f, , u], at, reject) => isShips(f) && !isShips(u) ? g.plain(at, 'support-coast', { province: f.province, target: u.province }) : reject %}
  | DUTY FORCES GO PLACE {% ([d, f, , t], at) => g.plain(at, d, { province: f.province, target: g.bare(t) }) %}
  | FORCES DUTY GO:? PLACE {% ([f, d, , t], at) => g.plain(at, d, { province: f.province, target: g.bare(t) }) %}
  | DUTY PLACE "from" PLACE {% ([d, t, , p], at) => g.plain(at, d, { province: g.bare(p), target: g.bare(t) }) %}
DUTY -> "supply" %dash:? "coast" {% () => 'supply-coast' %} | "supply-coast" {% () => 'supply-coast' %} | "supply" {% () => 'supply-coast' %} | "supplies" {% () => 'supply-coast' %}
  | "support" %dash:? "coast" {% () => 'support-coast' %} | "support-coast" {% () => 'support-coast' %} | "bombard" {% () => 'support-coast' %} | "bombards" {% () => 'support-coast' %}
  | "blockade" {% () => 'blockade' %} | "blockades" {% () => 'blockade' %}
SALVAGE -> SALVAGE_VERB AT:? PLACE {% ([, , p], at) => g.plain(at, 'salvage', { province: g.bare(p) }) %}
  | FORCES SALVAGE_VERB {% ([f], at) => g.plain(at, 'salvage', { province: f.province }) %}
SALVAGE_VERB -> "salvage" | "salvages"

ENTRENCH -> ENTRENCH_VERB AT:? PLACE {% ([, , p], at) => g.plain(at, 'entrench', { province: g.bare(p) }) %}
  | FORCES ENTRENCH_VERB {% ([f], at) => g.plain(at, 'entrench', { province: f.province }) %}
ENTRENCH_VERB -> "entrench" | "entrenches" | "dig" "in" | "digs" "in" | "fortify" | "fortifies"
SUPPORT -> SUPPORT_VERB "invasion" "of" PLACE "from" PLACE {% ([, , , t, , p], at) => g.plain(at, 'support-attack', { province: g.bare(p), target: g.bare(t) }) %}
  | SUPPORT_VERB "attack" "on" PLACE "from" PLACE {% ([, , , t, , p], at) => g.plain(at, 'support-attack', { province: g.bare(p), target: g.bare(t) }) %}
  # "support Bur defensively": with the units of yours beside it (the GM is asked when there are several).
  | SUPPORT_VERB PLACE DEFENCE {% ([, t], at) => g.plain(at, 'support-defence', { province: { $: 'unit-place', near: 'target' }, target: g.bare(t) }) %}
  | SUPPORT_KIND FORCES GO PLACE {% ([k, f, , t], at) => g.plain(at, k, { province: f.province, target: g.bare(t) }) %}
  | FORCES SUPPORT_KIND GO:? PLACE {% ([f, k, , t], at) => g.plain(at, k, { province: f.province, target: g.bare(t) }) %}
  | SUPPORT_KIND PLACE "from" PLACE {% ([k, t, , p], at) => g.plain(at, k, { province: g.bare(p), target: g.bare(t) }) %}
SUPPORT_KIND -> "support" %dash:? DEFENCE {% () => 'support-defence' %} | "support-defence" {% () => 'support-defence' %} | "support-defense" {% () => 'support-defence' %}
  | DEFEND {% () => 'support-defence' %}
  | "support" %dash:? OFFENCE {% () => 'support-attack' %} | "support-attack" {% () => 'support-attack' %} | "support-offence" {% () => 'support-attack' %}
  | "support-offense" {% () => 'support-attack' %} | "support-invasion" {% () => 'support-attack' %}
DEFENCE -> "defence" | "defense" | "defensive" | "defending" | "defensively"
OFFENCE -> "attack" | "offence" | "offense" | "offensive" | "invasion" | "offensively"
DEFEND -> "defend" | "defends" | "reinforce" | "reinforces"
CUT -> CUT_VERB FORCES GO PLACE {% ([, f, , t], at) => g.plain(at, 'cut-support', { province: f.province, target: g.bare(t) }) %}
  | FORCES CUT_VERB GO:? PLACE {% ([f, , , t], at) => g.plain(at, 'cut-support', { province: f.province, target: g.bare(t) }) %}
  | CUT_VERB PLACE "from" PLACE {% ([, t, , p], at) => g.plain(at, 'cut-support', { province: g.bare(p), target: g.bare(t) }) %}
CUT_VERB -> "cut" "support" | "cut" %dash "support" | "cut-support" | "cuts" "support" | "cut" | "cuts"

CAPITAL -> CAPITAL_WORDS AT:? PLACE {% ([, , p], at) => g.plain(at, 'provisional-capital', { province: g.bare(p) }) %}
  | "move" "capital" TO PLACE {% ([, , , p], at) => g.plain(at, 'provisional-capital', { province: g.bare(p) }) %}
CAPITAL_WORDS -> "capital" | "provisional" "capital" | "establish" "provisional" "capital" | "establish" "capital" | "new" "capital"
LEADER -> LEADER_WORDS TO:? NAME_TEXT {% ([, , name], at) => g.plain(at, 'leader', { name }) %}
LEADER_WORDS -> "leader" | "change" "leader" | "change" "leadership" | "new" "leader" | "change" "of" "leadership" | "change" "leaders"
NAME_TEXT -> NAME_PART:+ {% ([parts]) => text(parts).slice(0, 60) %}
NAME_PART -> %name {% id %} | %unknown {% id %}

DISBAND -> DISBAND_VERB FORCES {% ([, f], at) => g.plain(at, 'disband', f) %}
  | FORCES DISBAND_VERB {% ([f], at) => g.plain(at, 'disband', f) %}
# Besides base.ne's disband words:
DISBAND_VERB -> "demobilise" | "demobilize" | "scuttle"

BUILD -> BUILD_VERB BUILT AT PLACE SEA_AT:? {% ([, b, , p, sea], at) => g.plain(at, 'build', { what: b.what, count: b.count, province: g.bare(p), sea: sea ?? undefined }) %}
  | AT:? PLACE BUILD_VERB BUILT SEA_AT:? {% ([, p, , b, sea], at) => g.plain(at, 'build', { what: b.what, count: b.count, province: g.bare(p), sea: sea ?? undefined }) %}
  | UPGRADE_VERB TECH_WORDS AT:? PLACE:? {% ([, , , p], at) => g.plain(at, 'build', { what: 'tech', province: p ? g.bare(p) : undefined }) %}
  | UPGRADE_VERB PORT_WORD AT PLACE {% ([, , , p], at) => g.plain(at, 'build', { what: 'port-upgrade', province: g.bare(p) }) %}
  | UPGRADE_VERB PROVINCE_WORD:? PLACE {% ([, , p], at) => g.plain(at, 'build', { what: 'province-upgrade', province: g.bare(p) }) %}
  | MOTHBALL_VERB FORT_WORD AT PLACE {% ([, , , p], at) => g.plain(at, 'build', { what: 'fort-mothball', province: g.bare(p) }) %}
  | REACTIVATE_VERB FORT_WORD AT PLACE {% ([, , , p], at) => g.plain(at, 'build', { what: 'fort-reactivate', province: g.bare(p) }) %}
  | INVEST_VERB CANAL_WORD AT PLACE {% ([, , , p], at) => g.plain(at, 'build', { what: 'canal-investment', province: g.bare(p) }) %}
  | "institute" "programs" "to" "assist" "displaced" "workers" AT PLACE {% ([, , , , , , , p], at) => g.plain(at, 'build', { what: 'displaced-workers', province: g.bare(p) }) %}
  | "assist" "displaced" "workers" AT PLACE {% ([, , , , p], at) => g.plain(at, 'build', { what: 'displaced-workers', province: g.bare(p) }) %}
BUILT -> STACK {% ([s]) => ({ what: s.type, count: s.count }) %} | ARTICLE:? STRUCTURE {% ([, s]) => ({ what: s }) %}
BUILD_VERB -> "build" | "builds" | "b" | "muster" | "musters" | "manufacture" | "manufactures" | "construct" | "constructs"
  | "recruit" | "recruits" | "raise" | "raises" | "train" | "trains" | "buy" | "buys" | "lay" | "dig"
STRUCTURE -> PORT_WORD {% () => 'port' %} | "factory" {% () => 'factory' %} | "military" "academy" {% () => 'academy' %} | "academy" {% () => 'academy' %}
  | FORT_WORD {% () => 'fort' %} | "railroad" {% () => 'railroad' %} | "railway" {% () => 'railroad' %} | "rail" {% () => 'railroad' %}
  | "railroads" {% () => 'railroad' %} | CANAL_WORD {% () => 'canal' %}
PORT_WORD -> "port" | "harbour" | "harbor"
FORT_WORD -> "fort" | "fortress" | "forts"
CANAL_WORD -> "canal"
TECH_WORDS -> "tech" | "tech" "level" | "technology" | "technology" "level"
PROVINCE_WORD -> "province"
UPGRADE_VERB -> "upgrade" | "upgrades" | "improve" | "raise"
MOTHBALL_VERB -> "mothball" | "mothballs"
REACTIVATE_VERB -> "reactivate" | "reactivates"
INVEST_VERB -> "invest" "in" | "invests" "in" | "invest"

PAYMENT -> AUTHORIZE_VERB PAYMENT_WORD PAYMENT_ID {% ([, , p], at) => g.plain(at, 'authorize-payment', { payment: p }) %}
  | PAY_VERB PAYMENT_ID {% ([, p], at) => g.plain(at, 'authorize-payment', { payment: p }) %}
  | "cancel" PAYMENT_WORD PAYMENT_ID {% ([, , p], at) => g.plain(at, 'cancel-payment', { payment: p }) %}
  # By whom it goes to: "authorize the scheduled payment to ger" (language.ts finds which, from the board).
  | AUTHORIZE_VERB PAYMENT_WORD TO NATION {% ([, , , n], at) => g.plain(at, 'authorize-payment', { payee: n }) %}
  | "cancel" PAYMENT_WORD TO NATION {% ([, , , n], at) => g.plain(at, 'cancel-payment', { payee: n }) %}
PAYMENT_WORD -> "payment" | "scheduled" "payment"
AUTHORIZE_VERB -> "authorize" | "authorise"
PAY_VERB -> "pay"
PAYMENT_ID -> REF {% ([r]) => r('p') %}
# "p3", "3", "#3": the same id.
REF -> NUMBER {% ([n]) => (prefix) => `${prefix}${n}` %} | %unknown {% ([t], _l, reject) => (/^[a-z]\d+$/.test(t.text) ? () => t.text : reject) %}

TREATY -> DRAFT_VERB ARTICLE:? TREATY_WORD WITH NATIONS TERMS {% ([, , , , n, t], at) => g.plain(at, 'draft-treaty', { ...parties(n), ...t }) %}
  | "draft" "peace" TREATY_WORD WITH NATIONS {% ([, , , , n], at) => g.plain(at, 'draft-treaty', { ...parties(n), peace: true }) %}
  # "draft a public treaty between France and Prussia: ...": every party named, the drafter among
  # them (language.ts leaves the drafter out of the slots).
  | DRAFT_VERB ARTICLE:? TREATY_WORD "between" NATIONS TERMS {% ([, , , , n, t], at) => g.plain(at, 'draft-treaty', { ...parties(n, 4), ...t, between: true }) %}
DRAFT_VERB -> "draft" | "propose"
TREATY_WORD -> "treaty" | "public" "treaty"
TERMS -> "peace" {% () => ({ peace: true }) %}
  | PAYING {% id %}
  | "peace" AND PAYING {% ([, , p]) => ({ peace: true, ...p }) %}
# "France pays 5 to Prussia", "France pays Prussia 5" (due every turn once in force, ruling D1).
PAYING -> NATION PAYS NUMBER TO NATION {% ([a, , n, , b]) => ({ payer: a, amount: n, payee: b }) %}
  | NATION PAYS NATION NUMBER {% ([a, , b, n]) => ({ payer: a, amount: n, payee: b }) %}
PAYS -> "pays" | "pay" | "gives"
RATIFY -> RATIFY_VERB TREATY_WORD:? TREATY_ID {% ([, , t], at) => g.plain(at, 'ratify-treaty', { treaty: t }) %}
  | "sign" TREATY_WORD TREATY_ID {% ([, , t], at) => g.plain(at, 'ratify-treaty', { treaty: t }) %}
TREATY_ID -> REF {% ([r]) => r('t') %}

AGREEMENT -> "record" PRIVATE:? AGREEMENT_WORD WITH NATIONS ABOUT AGREEMENT_TEXT {% ([, , , , n, , t], at) => g.plain(at, 'record-agreement', { ...parties(n), terms: t }) %}
  | "record" PRIVATE:? AGREEMENT_WORD WITH NATIONS %lparen AGREEMENT_TEXT %rparen {% ([, , , , n, , t], at) => g.plain(at, 'record-agreement', { ...parties(n), terms: t }) %}
PRIVATE -> "private"
AGREEMENT_WORD -> "agreement" | "deal"
ABOUT -> "about" | "on" | "saying" | "for"
AGREEMENT_TEXT -> TEXT_PART:+ {% ([parts]) => text(parts).slice(0, 500) %}
TEXT_PART -> %word {% id %} | %unknown {% id %} | %name {% id %} | %number {% id %}
EXPUNGE -> EXPUNGE_VERB PRIVATE:? AGREEMENT_WORD AGREEMENT_ID {% ([, , , a], at) => g.plain(at, 'expunge-agreement', { agreement: a }) %}
EXPUNGE_VERB -> "expunge" | "expunges" | "delete" | "remove" | "end"
AGREEMENT_ID -> REF {% ([r]) => r('a') %}
RATIFY_VERB -> "ratify"
