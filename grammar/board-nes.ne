# Orders of the board NES ruleset. Kinds and slots are those of src/rulesets/board-nes/orders.ts:
# buy-unit, buy-structure, move, load, unload, naval-attack, hold, disband, claim, caravan, steal, aim.
# Armies stack, so unit orders carry a count ("2 armies", "all armies") instead of naming units.
@preprocessor typescript
@lexer lexer
@include "base.ne"

LINE -> ORDERS {% id %}
ORDERS -> ORDER {% id %} | ORDERS SEP ORDER {% ([a, , b]) => g.join(a, b) %}
ORDER -> MOVE {% id %} | HOLD {% id %} | DISBAND {% id %} | CLAIM {% id %} | BUY {% id %}
  | LOAD {% id %} | UNLOAD {% id %} | NAVAL_ATTACK {% id %} | CARAVAN_ORDER {% id %} | STEAL {% id %} | AIM {% id %}
  | BATTLE_PLAN {% id %}

# A stack of units: "2 armies", "all army", "fleet", "an army" (counts are base.ne's).
ALL -> "entire"
# A plural unit word with no number is every unit of that type there: "my armies in London".
STACK -> UNIT_WORD {% ([u]) => (u.plural ? { type: u.type, count: 'all' } : { type: u.type }) %}
  | COUNT UNIT_TYPE {% ([n, t]) => ({ type: t, count: n }) %}
  | ARTICLE UNIT_TYPE {% ([, t]) => ({ type: t }) %}
ARMIES -> UNIT_WORD {% ([u], _at, reject) => (u.type !== 'army' ? reject : u.plural ? 'all' : null) %} | COUNT ARMY {% ([n]) => n %} | ARTICLE ARMY {% () => null %}

# The units an order is for: "2 armies in London", "army lon", "London armies", "lon" (type worked out).
UNITS -> STACK PLACE {% ([s, p]) => g.unit(s.type, p, s.count) %}
  | STACK AT PLACE {% ([s, , p]) => g.unit(s.type, p, s.count) %}
  | PLACE STACK {% ([p, s]) => g.unit(s.type, p, s.count) %}
  | COUNT PLACE {% ([n, p]) => g.unit(null, p, n) %}
  | COUNT AT PLACE {% ([n, , p]) => g.unit(null, p, n) %}
  | PLACE {% ([p]) => g.unit(null, p) %}
  | AT PLACE {% ([, p]) => g.unit(null, p) %}
# Fleets giving a sea order: "F nth", "the fleet in the North Sea", "North Sea fleets", "nth".
FLEETS -> FLEET PLACE {% ([, p]) => p %} | FLEET AT PLACE {% ([, , p]) => p %} | PLACE FLEET {% ([p]) => p %}
  | COUNT FLEET AT:? PLACE {% ([, , , p]) => p %} | PLACE {% id %}
# "they", "him": a nation nobody named; readings.ts asks the player to name it.
NATION -> PRONOUN {% ([w]) => g.nation(w[0]) %}
PRONOUN -> "they" | "them" | "he" | "him" | "she" | "her" | "their"

# Moves: "Move 2 army lon -> wal (claim)", "2 armies from London to Wales and claim it", "A lon - wal".
MOVE -> UNITS GO PLACE CLAIM_TAIL:? {% ([u, , t, c], at) => g.order(at, 'move', u, { target: t, claim: c ?? undefined }) %}
  | MOVE_VERB UNITS GO_TO PLACE CLAIM_TAIL:? {% ([, u, , t, c], at) => g.order(at, 'move', u, { target: t, claim: c ?? undefined }) %}
  | MOVE_VERB UNITS PLACE CLAIM_TAIL:? {% ([, u, t, c], at) => g.order(at, 'move', u, { target: t, claim: c ?? undefined }) %}
  # The place first: "attack Wales with everything in London", "invade Wales from London with 2 armies".
  | MOVE_VERB GO_TO:? PLACE WITH UNITS CLAIM_TAIL:? {% ([, , t, , u, c], at) => g.order(at, 'move', u, { target: t, claim: c ?? undefined }) %}
  | MOVE_VERB GO_TO:? PLACE "from" PLACE WITH STACK CLAIM_TAIL:? {% ([, , t, , p, , s, c], at) => g.order(at, 'move', g.unit(s.type, p, s.count), { target: t, claim: c ?? undefined }) %}
  # No place to start from: "move army to Wales" is the army of yours next to Wales.
  | MOVE_VERB STACK GO_TO PLACE CLAIM_TAIL:? {% ([, s, , t, c], at) => g.order(at, 'move', g.unitNear(s.type, 'target', s.count), { target: t, claim: c ?? undefined }) %}
  # No unit and no count: "attack Wales", "march on York". Each stack of your armies next to the place
  # is read twice, one army and all of them (language.ts makes a stack of one a single reading), so a
  # line that fits several is put to the GM, never read as all your armies. Never out of a sentence.
  | ATTACK_ON PLACE CLAIM_TAIL:? {% ([, t, c], at) => g.alone(g.order(at, 'move', g.unitNear('army', 'target'), { target: t, claim: c ?? undefined, countUnsaid: true })) %}
  | ATTACK_ON PLACE CLAIM_TAIL:? {% ([, t, c], at) => g.alone(g.order(at, 'move', g.unitNear('army', 'target', 'all'), { target: t, claim: c ?? undefined, countUnsaid: true })) %}
GO -> ARROW | TO | MOVE_VERB | MOVE_VERB TO | MOVE_VERB ARROW | TO MOVE_VERB | TO MOVE_VERB TO | MOVE_VERB "on" | TO MOVE_VERB "on"
  | MOVE_VERB "against" | TO MOVE_VERB "against"
GO_TO -> "on" | "against"
ATTACK_ON -> "attack" | "attacks" | "invade" | "invades" | MOVE_VERB GO_TO
# Besides base.ne's move words:
MOVE_VERB -> "attack" | "attacks" | "invade" | "invades" | "sail" | "sails"
# "(claim)", "and claim it", ", claiming it", "to claim it".
CLAIM_TAIL -> %lparen CLAIM_VERB IT:? %rparen {% () => true %} | AND:? CLAIM_VERB IT:? {% () => true %}
  | %comma CLAIM_VERB IT:? {% () => true %} | TO CLAIM_VERB IT:? {% () => true %}
IT -> "it" | "them" | "that"
CLAIM_VERB -> "claim" | "claims" | "claiming"

HOLD -> UNITS HOLD_VERB {% ([u], at) => g.order(at, 'hold', u) %}
  | HOLD_VERB UNITS {% ([, u], at) => g.order(at, 'hold', u) %}

DISBAND -> UNITS DISBAND_VERB {% ([u], at) => g.order(at, 'disband', u) %}
  | DISBAND_VERB UNITS {% ([, u], at) => g.order(at, 'disband', u) %}
# Besides base.ne's disband words:
DISBAND_VERB -> "d" | "remove" | "removes"

# Claims: "Claim yor", "claim York for us", "the armies in York claim it".
CLAIM -> CLAIM_VERB PLACE FOR_US:? {% ([, p], at) => g.plain(at, 'claim', { province: p }) %}
  | UNITS CLAIM_VERB IT:? {% ([u], at) => g.plain(at, 'claim', { province: u.place }) %}
FOR_US -> "for" NAMED | "for" "us" | "for" "me"

# Purchases: "Buy 2 army in lon", "buy fleet in lon at nth", "Build town in yor", "build a city in
# London", "build town in yor and 2 armies in lon", "York: build military base".
BUY -> BUY_VERB BOUGHT_LIST {% ([, b]) => b %}
  # "Buy 2 in York": a number with no unit type is armies, since a fleet needs its sea named; with a sea
  # named ("buy 2 in London at nth") it is fleets (docs/rules/board-nes.md).
  | BUY_VERB NUMBER AT:? PLACE {% ([, n, , p], at) => g.order(at, 'buy-unit', g.unit('army', p, n)) %}
  | BUY_VERB NUMBER AT:? PLACE SEA {% ([, n, , p, sea], at) => g.order(at, 'buy-unit', g.unit('fleet', p, n), { sea }) %}
  | PLACE BUY_VERB NUMBER {% ([p, , n], at) => g.order(at, 'buy-unit', g.unit('army', p, n)) %}
  | BUY_VERB PLACE TO ARTICLE:? STRUCTURE {% ([, p, , , s], at) => g.plain(at, 'buy-structure', { structure: s, province: p }) %}
  | PLACE BUY_VERB BOUGHT_HERE {% ([p, , make], at) => make(at, p) %}
  # "Upgrade London": the next structure there (language.ts reads which from the board).
  | UPGRADE_VERB PLACE {% ([, p], at) => g.plain(at, 'buy-structure', { structure: 'next', province: p }) %}
BOUGHT_LIST -> BOUGHT {% id %} | BOUGHT_LIST SEP BOUGHT {% ([a, , b]) => g.join(a, b) %}
BOUGHT -> STACK AT:? PLACE SEA:? {% ([s, , p, sea], at) => g.order(at, 'buy-unit', g.unit(s.type, p, s.count), { sea: sea ?? undefined }) %}
  | KINDS_BOUGHT AT:? PLACE SEA:? {% ([k, , p, sea], at) => g.plain(at, 'buy-unit', { unitKind: k.kind, province: p, count: k.count, sea: sea ?? undefined }) %}
  | ARTICLE:? STRUCTURE AT:? PLACE {% ([, s, , p], at) => g.plain(at, 'buy-structure', { structure: s, province: p }) %}
BOUGHT_HERE -> STACK SEA:? {% ([s, sea]) => (at, p) => g.order(at, 'buy-unit', g.unit(s.type, p, s.count), { sea: sea ?? undefined }) %}
  | KINDS_BOUGHT SEA:? {% ([k, sea]) => (at, p) => g.plain(at, 'buy-unit', { unitKind: k.kind, province: p, count: k.count, sea: sea ?? undefined }) %}
  | ARTICLE:? STRUCTURE {% ([, s]) => (at, p) => g.plain(at, 'buy-structure', { structure: s, province: p }) %}
# civ-advanced games buy kinds of the game's unit table ("2 swordsmen", "a galleon"): words the
# grammar does not know, which the ruleset checks against the table.
KINDS_BOUGHT -> %unknown {% ([t]) => ({ kind: t.text }) %} | NUMBER %unknown {% ([n, t]) => ({ kind: t.text, count: n }) %}
  | ARTICLE %unknown {% ([, t]) => ({ kind: t.text }) %}
# Where a new fleet puts to sea: "at nth", "(North Sea)", "into the Irish Sea".
SEA -> AT PLACE {% ([, p]) => g.bare(p) %} | TO PLACE {% ([, p]) => g.bare(p) %} | %lparen PLACE %rparen {% ([, p]) => g.bare(p) %}
  | ARROW PLACE {% ([, p]) => g.bare(p) %} | PLACE {% ([p]) => g.bare(p) %}
UPGRADE_VERB -> "upgrade" | "upgrades" | "develop" | "develops"
BUY_VERB -> "buy" | "buys" | "purchase" | "purchases" | "recruit" | "recruits" | "raise" | "raises" | "hire" | "hires"
  | "build" | "builds" | "b" | "construct" | "constructs" | "erect" | "upgrade" | "found"
STRUCTURE -> "town" {% () => 'town' %} | "military" %dash:? "base" {% () => 'military-base' %} | "base" {% () => 'military-base' %}
  | "mil" "base" {% () => 'military-base' %} | "mb" {% () => 'military-base' %} | "city" {% () => 'city' %}
  | "engineered" %dash:? "city" {% () => 'engineered-city' %} | "eng" "city" {% () => 'engineered-city' %}
  | "engineered" {% () => 'engineered-city' %}

# Loading: "Load 2 army from lon onto nth", "F nth loads all armies from London".
LOAD -> LOAD_VERB ARMIES:? AT PLACE ONTO FLEETS {% ([, n, , from, , sea], at) => g.plain(at, 'load', { province: g.bare(sea), from: g.bare(from), count: n ?? undefined }) %}
  | LOAD_VERB ARMIES:? PLACE ONTO FLEETS {% ([, n, from, , sea], at) => g.plain(at, 'load', { province: g.bare(sea), from: g.bare(from), count: n ?? undefined }) %}
  | FLEETS LOAD_VERB ARMIES:? AT PLACE {% ([sea, , n, , from], at) => g.plain(at, 'load', { province: g.bare(sea), from: g.bare(from), count: n ?? undefined }) %}
ONTO -> "onto" | "on" | "into" | "aboard" | TO | ARROW
LOAD_VERB -> "load" | "loads" | "embark" | "embarks" | "board" | "boards" | "pick" "up" | "picks" "up" | "take" "on" | "takes" "on"

# Unloading: "Unload all army from nth -> yor (claim)", "F nth unloads 2 armies onto York".
UNLOAD -> UNLOAD_VERB ARMIES:? AT:? FLEETS LANDING {% ([, n, , sea, l], at) => g.plain(at, 'unload', { province: g.bare(sea), target: l.target, count: n ?? undefined, claim: l.claim }) %}
  | FLEETS UNLOAD_VERB ARMIES:? LANDING {% ([sea, , n, l], at) => g.plain(at, 'unload', { province: g.bare(sea), target: l.target, count: n ?? undefined, claim: l.claim }) %}
LANDING -> ONTO:? PLACE CLAIM_TAIL:? {% ([, t, c]) => ({ target: g.bare(t), claim: c ?? undefined }) %}
  | AT PLACE CLAIM_TAIL:? {% ([, t, c]) => ({ target: g.bare(t), claim: c ?? undefined }) %}
UNLOAD_VERB -> "unload" | "unloads" | "land" | "lands" | "disembark" | "disembarks" | "drop" | "drops"

# Naval attacks: "Naval attack blue in nth", "naval attack in nth", "fleets in nth attack blue".
NAVAL_ATTACK -> NAVAL ATTACK_WORD NATION:? AT PLACE {% ([, , n, , p], at) => g.plain(at, 'naval-attack', { province: g.bare(p), nation: n ?? undefined }) %}
  | FLEETS ATTACK_WORD NATION:? FLEET_WORDS:? {% ([p, , n], at) => g.plain(at, 'naval-attack', { province: g.bare(p), nation: n ?? undefined }) %}
  | ATTACK_WORD NATION FLEET_WORDS:? AT PLACE {% ([, n, , , p], at) => g.plain(at, 'naval-attack', { province: g.bare(p), nation: n }) %}
NAVAL -> "naval"
ATTACK_WORD -> "attack" | "attacks" | "engage" | "engages" | "fight" | "fights"
FLEET_WORDS -> FLEET

# Caravans: "Caravan 3 to blue with 1 escort", "send 3 caravans and 1 escort to Bluevale".
CARAVAN_ORDER -> SEND:? CARAVANS TO_NATION NATION ESCORTS:? {% ([, n, , who, e], at) => g.plain(at, 'caravan', { nation: who, count: n, escorts: e ?? undefined }) %}
  | SEND:? CARAVANS ESCORTS TO_NATION NATION {% ([, n, e, , who], at) => g.plain(at, 'caravan', { nation: who, count: n, escorts: e }) %}
  | SEND:? CARAVAN NUMBER TO_NATION NATION ESCORTS:? {% ([, , n, , who, e], at) => g.plain(at, 'caravan', { nation: who, count: n, escorts: e ?? undefined }) %}
TO_NATION -> TO | ARROW
CARAVANS -> NUMBER CARAVAN {% id %} | ARTICLE CARAVAN {% () => 1 %}
ESCORTS -> WITH NUMBER ESCORT {% ([, n]) => n %} | AND NUMBER ESCORT {% ([, n]) => n %} | NUMBER ESCORT {% id %}
  | %lparen NUMBER ESCORT:? %rparen {% ([, n]) => n %} | %lparen NUMBER "escorted" %rparen {% ([, n]) => n %}
  | WITH ARTICLE ESCORT {% () => 1 %} | AND ARTICLE ESCORT {% () => 1 %} | %comma NUMBER "escorted" {% ([, n]) => n %}
SEND -> "send" | "sends" | "dispatch" | "dispatches"
CARAVAN -> "caravan" | "caravans"
ESCORT -> "escort" | "escorts" | "caravan" "escort" | "caravan" "escorts"

# Theft: "Steal all from blue", "steal 2 per 5 from blue", "steal all but 3 from blue",
# "steal everything Bluevale sends", "steal 2 caravans for every 5 blue sends".
STEAL -> STEAL_VERB TAKING CARAVAN:? "from" NATION {% ([, m, , , n], at) => g.plain(at, 'steal', { nation: n, ...m }) %}
  | STEAL_VERB TAKING CARAVAN:? NATION SENDS {% ([, m, , n], at) => g.plain(at, 'steal', { nation: n, ...m }) %}
  | STEAL_VERB NUMBER CARAVAN:? EVERY NUMBER NATION SENDS {% ([, c, , , p, n], at) => g.plain(at, 'steal', { nation: n, mode: 'per', count: c, per: p }) %}
  | STEAL_VERB "from" NATION {% ([, , n], at) => g.plain(at, 'steal', { nation: n, mode: 'all' }) %}
  | STEAL_VERB NATION {% ([, n], at) => g.plain(at, 'steal', { nation: n, mode: 'all' }) %}
  # "steal all but 3 of Bluevale's caravans", "steal 2 blue caravans", "steal all his caravans".
  | STEAL_VERB TAKING "of":? NATION CARAVAN {% ([, m, , n], at) => g.plain(at, 'steal', { nation: n, ...m }) %}
  | STEAL_VERB TAKING CARAVAN "of":? NATION {% ([, m, , , n], at) => g.plain(at, 'steal', { nation: n, ...m }) %}
  | STEAL_VERB TAKING CARAVAN:? EVERY NUMBER NATION SENDS "from":? NATION {% ([, m, , , p, , , , n], at) => g.plain(at, 'steal', { nation: n, mode: 'per', count: m.count, per: p }) %}
  # The rule document's own wordings, the nation after them in brackets: "Steal 2 Caravans for every 5 they send (Bluevale)".
  | STEAL_VERB TAKING CARAVAN:? SENDS:? %lparen NATION %rparen {% ([, m, , , , n], at) => g.plain(at, 'steal', { nation: n, ...m }) %}
  | STEAL_VERB TAKING CARAVAN:? EVERY NUMBER SENDS %lparen NATION %rparen {% ([, m, , , p, , , n], at) => g.plain(at, 'steal', { nation: n, mode: 'per', count: m.count, per: p }) %}
TAKING -> ALL {% () => ({ mode: 'all' }) %}
  | NUMBER {% ([n]) => ({ mode: 'count', count: n }) %}
  | ALL BUT NUMBER {% ([, , n]) => ({ mode: 'all-but', count: n }) %}
  | NUMBER EVERY NUMBER {% ([c, , p]) => ({ mode: 'per', count: c, per: p }) %}
  | NUMBER CARAVAN EVERY NUMBER {% ([c, , , p]) => ({ mode: 'per', count: c, per: p }) %}
BUT -> "but" | "except" | "save"
EVERY -> "per" | "every" | "for" "every" | "out" "of" "every" | "of" "every" | "in" "every" | "for" "each" | "each"
SENDS -> SEND_PAST US:? | SEND_PAST TO US | "they" SEND_PAST US:?
SEND_PAST -> "sends" | "send" | "sent"
US -> "me" | "us"
STEAL_VERB -> "steal" | "steals" | "rob" | "seize" | "skim"

# Aims in battles of three or more: "Aim at blue", "aim at blue in lon", "armies in London aim at blue".
AIM -> AIM_VERB AIM_AT:? AIM_TARGET IN_PLACE:? {% ([, , n, p], at) => g.plain(at, 'aim', { nation: n, province: p ?? undefined }) %}
  | UNITS AIM_VERB AIM_AT:? AIM_TARGET {% ([u, , , n], at) => g.plain(at, 'aim', { nation: n, province: g.bare(u.place) }) %}
  # As the rules put it: "his Armies should aim for Armies of a specific nation" (in every battle).
  | ARMIES AIM_VERB AIM_AT:? AIM_TARGET IN_PLACE:? {% ([, , , n, p], at) => g.plain(at, 'aim', { nation: n, province: p ?? undefined }) %}
AIM_TARGET -> NATION {% id %} | NATION ARMY {% id %} | ARMY "of" NATION {% ([, , n]) => n %}
IN_PLACE -> AT PLACE {% ([, p]) => g.bare(p) %}
AIM_AT -> "at" | "for" | "on"
AIM_VERB -> "aim" | "aims" | "target" | "targets" | "focus" | "focuses"

# civ-advanced battle plans: "Battle plan: wave swordsmen, catapults; aircraft support cavalry;
# casualties chariots", "Battle plan: default". Each entry is a unit kind of the table or a class.
BATTLE_PLAN -> PLAN_WORDS %dash:? PLAN_PARTS {% ([, , parts], at) => g.plain(at, 'battle-plan', parts) %}
  | PLAN_WORDS %dash:? "default" {% (_d, at) => g.plain(at, 'battle-plan') %}
PLAN_WORDS -> "battle" "plan" | "plan" | "battleplan"
PLAN_PARTS -> PLAN_PART {% id %} | PLAN_PARTS PLAN_SEP PLAN_PART {% ([a, , b]) => ({ ...a, ...b }) %}
PLAN_SEP -> %semi | %dot | %comma | AND
PLAN_PART -> "wave" ENTRIES {% ([, e]) => ({ wave: e }) %}
  | "first" "wave" ENTRIES {% ([, , e]) => ({ wave: e }) %}
  | "aircraft" "support" ENTRIES {% ([, , e]) => ({ aircraftSupport: e.length === 1 ? e[0] : e }) %}
  | "casualties" ENTRIES {% ([, e]) => ({ casualties: e }) %}
  | "lose" "first" ENTRIES {% ([, , e]) => ({ casualties: e }) %}
ENTRIES -> ENTRY {% id %} | ENTRIES LIST_SEP ENTRY {% ([a, , b]) => [...a, ...b] %}
# Unit kinds the grammar does not know come as one run of words: "swordsmen catapults" is two.
ENTRY -> %unknown {% ([t]) => t.text.split(/\s+/) %} | UNIT_CLASS {% ([t]) => [t[0].text] %}
UNIT_CLASS -> "infantry" | "cavalry" | "artillery" | "aircraft" | "naval"
