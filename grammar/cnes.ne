# Orders of the CNES ruleset. Kinds and slots are those of src/rulesets/cnes/orders.ts: move,
# blitz, fortify, hold, support, intercept, rebase, buy, improve, raze, stop-razing, ally, peace, war.
# Units are named by their place, and by card and number when not all of them are meant:
# "2 infantry in Paris", "tanks par", "all in Lyon", "par". Paths list the provinces in order.
@preprocessor typescript
@lexer lexer
@include "base.ne"
@{%
// The units an order is for, and a path's provinces as slots: via1, via2... then target.
function units(place: any, kind?: any, count?: any) {
  return { place, kind: kind ?? undefined, count: count ?? undefined };
}
function unitOrder(at: number | undefined, kind: string, u: any, slots: Record<string, any> = {}) {
  return g.plain(at, kind, { province: u.place, unitKind: u.kind, count: u.count, ...slots });
}
function pathSlots(places: any[]) {
  const slots: Record<string, any> = {};
  places.slice(0, -1).forEach((p, i) => { slots[`via${i + 1}`] = g.bare(p); });
  slots.target = g.bare(places[places.length - 1]);
  return slots;
}
%}

LINE -> ORDERS {% id %}
ORDERS -> ORDER {% id %} | ORDERS SEP ORDER {% ([a, , b]) => g.join(a, b) %}
ORDER -> MOVE {% id %} | BLITZ {% id %} | FORTIFY {% id %} | HOLD {% id %} | SUPPORT {% id %} | INTERCEPT {% id %}
  | REBASE {% id %} | BUY {% id %} | IMPROVE {% id %} | RAZE {% id %} | STOP_RAZING {% id %} | ALLY {% id %}
  | PEACE {% id %} | WAR {% id %} | NOT_IN_CNES {% id %}

# A card: the starter set's words, or any other word a GM's card may be called.
KIND -> CARD_WORD {% id %} | %unknown {% ([t]) => t.text %}
CARD_WORD -> "militia" {% () => 'militia' %} | "militias" {% () => 'militia' %} | "militiamen" {% () => 'militia' %}
  | "infantry" {% () => 'infantry' %} | "infantries" {% () => 'infantry' %} | "infantryman" {% () => 'infantry' %} | "infantrymen" {% () => 'infantry' %}
  | "medic" {% () => 'medic' %} | "medics" {% () => 'medic' %}
  | "officer" {% () => 'officer' %} | "officers" {% () => 'officer' %} | "general" {% () => 'officer' %} | "generals" {% () => 'officer' %}
  | "tank" {% () => 'tank' %} | "tanks" {% () => 'tank' %} | "armour" {% () => 'tank' %} | "armor" {% () => 'tank' %}
  | "artillery" {% () => 'artillery' %} | "artilleries" {% () => 'artillery' %} | "guns" {% () => 'artillery' %} | "cannons" {% () => 'artillery' %}
  | "anti" %dash:? "air" {% () => 'anti-air' %} | "flak" {% () => 'anti-air' %} | "aa" {% () => 'anti-air' %}
  | "fighter" {% () => 'fighter' %} | "fighters" {% () => 'fighter' %}
  | "bomber" {% () => 'bomber' %} | "bombers" {% () => 'bomber' %}
  | "destroyer" {% () => 'destroyer' %} | "destroyers" {% () => 'destroyer' %}
# Words for "the units" that name no card.
TROOPS -> "troops" | "troop" | "army" | "armies" | "forces" | "force" | "soldiers" | "men" | "stack"

# The units an order is for.
UNITS -> COUNT:? KIND AT:? PLACE {% ([n, k, , p]) => units(p, k, n) %}
  | ARTICLE KIND AT:? PLACE {% ([, k, , p]) => units(p, k, 1) %}
  | PLACE COUNT:? KIND {% ([p, n, k]) => units(p, k, n) %}
  # "fighters 2 and 3 at rha": units numbered as the rule document numbers them, that many of the card.
  | KIND NUMBERED AT PLACE {% ([k, n, , p]) => units(p, k, n) %}
  | COUNT TROOPS:? AT:? PLACE {% ([n, , , p]) => units(p, undefined, n) %}
  | TROOPS AT:? PLACE {% ([, , p]) => units(p) %}
  | PLACE TROOPS {% ([p]) => units(p) %}
  | AT:? PLACE {% ([, p]) => units(p) %}

# Numbers naming units one by one ("2 and 3", "1, 2 and 4"): how many are named.
NUMBERED -> %number LIST_AND %number {% () => 2 %} | %number %comma %number LIST_AND %number {% () => 3 %}
LIST_AND -> "and" | %comma | %comma "and"

# A path: "bur", "bur - mun", "Burgundy then Munich", "to mun via bur".
PATH -> PLACE {% ([p]) => [p] %} | PATH STEP PLACE {% ([a, , p]) => [...a, p] %}
STEP -> ARROW | TO | "then" | "and" "then" | %comma | %comma "then"
VIA -> "via" | "through" | "by" "way" "of" | "passing" "through"
ROUTE -> GO_TO:? PATH {% ([, p]) => p %} | GO_TO:? PLACE VIA PATH {% ([, t, , v]) => [...v, t] %}
  | VIA PATH GO_TO PLACE {% ([, v, , t]) => [...v, t] %}

# Moves: "Move 2 infantry from Paris to Burgundy", "tanks par - bur - mun", "par -> bur".
MOVE -> MOVE_VERB UNITS ROUTE {% ([, u, r], at) => unitOrder(at, 'move', u, pathSlots(r)) %}
  | UNITS GO ROUTE {% ([u, , r], at) => unitOrder(at, 'move', u, pathSlots(r)) %}
GO -> ARROW | TO | MOVE_VERB | MOVE_VERB TO | MOVE_VERB ARROW
# Besides base.ne's move words:
MOVE_VERB -> "attack" | "attacks" | "invade" | "invades" | "sail" | "sails" | "send" | "sends" | "drive" | "drives" | "push" | "pushes"

# Blitz: "Blitz tanks from par to bur to mun", "tanks in par blitz bur - mun".
BLITZ -> BLITZ_VERB UNITS ROUTE {% ([, u, r], at) => unitOrder(at, 'blitz', u, pathSlots(r)) %}
  | UNITS BLITZ_VERB ROUTE {% ([u, , r], at) => unitOrder(at, 'blitz', u, pathSlots(r)) %}
BLITZ_VERB -> "blitz" | "blitzes" | "blitzkrieg" | "lightning" "attack"

FORTIFY -> FORTIFY_VERB UNITS {% ([, u], at) => unitOrder(at, 'fortify', u) %}
  | UNITS FORTIFY_VERB {% ([u], at) => unitOrder(at, 'fortify', u) %}
FORTIFY_VERB -> "fortify" | "fortifies" | "fortified" | "entrench" | "entrenches" | "dig" "in" | "digs" "in" | "f" | "fort"

HOLD -> HOLD_VERB UNITS {% ([, u], at) => unitOrder(at, 'hold', u) %}
  | UNITS HOLD_VERB {% ([u], at) => unitOrder(at, 'hold', u) %}
# Besides base.ne's hold words:
HOLD_VERB -> "wait" | "waits"

# Air missions: "fighters in par support bur", "ground support Burgundy with the bombers from par".
SUPPORT -> UNITS SUPPORT_VERB OVER:? PLACE {% ([u, , , p], at) => unitOrder(at, 'support', u, { target: g.bare(p) }) %}
  | SUPPORT_VERB OVER:? PLACE WITH UNITS {% ([, , p, , u], at) => unitOrder(at, 'support', u, { target: g.bare(p) }) %}
SUPPORT_VERB -> "ground" "support" | "ground" "supports" | GIVE "ground" "support" | GIVE "air" "support" | "cover" | "covers" | "bomb" | "bombs"
GIVE -> "provide" | "provides" | "give" | "gives" | "lend" | "lends" | "fly" | "flies" | "offer" | "offers"
OVER -> "over" | "at" | "in" | "for" | "to" | "on"
INTERCEPT -> UNITS INTERCEPT_VERB {% ([u], at) => unitOrder(at, 'intercept', u) %}
  # "scramble the fighters in Redhaven" (not "intercept the fighters in X": those could be the enemy's).
  | "scramble" UNITS {% ([, u], at) => unitOrder(at, 'intercept', u) %}
  | INTERCEPT_VERB WITH UNITS {% ([, , u], at) => unitOrder(at, 'intercept', u) %}
INTERCEPT_VERB -> "intercept" | "intercepts" | "intercepting" | "scramble" | "scrambles" | "patrol" | "patrols" | "fly" "interception" | "on" "interception"
REBASE -> UNITS REBASE_VERB TO:? PLACE {% ([u, , , p], at) => unitOrder(at, 'rebase', u, { target: g.bare(p) }) %}
  | REBASE_VERB UNITS TO:? PLACE {% ([, u, , p], at) => unitOrder(at, 'rebase', u, { target: g.bare(p) }) %}
REBASE_VERB -> "rebase" | "rebases" | "redeploy" | "redeploys" | "relocate" | "relocates"

# Purchases: "Buy 2 infantry in Paris", "build a tank in lyo and a fighter in par", "Paris: buy militia".
BUY -> BUY_VERB BOUGHT_LIST {% ([, b]) => b %}
  | PLACE BUY_VERB COUNT:? KIND {% ([p, , n, k], at) => g.plain(at, 'buy', { unitKind: k, province: g.bare(p), count: n ?? undefined }) %}
  | PLACE BUY_VERB ARTICLE KIND {% ([p, , , k], at) => g.plain(at, 'buy', { unitKind: k, province: g.bare(p) }) %}
BOUGHT_LIST -> BOUGHT {% id %} | BOUGHT_LIST SEP BOUGHT {% ([a, , b]) => g.join(a, b) %}
BOUGHT -> NUMBER:? KIND AT:? PLACE {% ([n, k, , p], at) => g.plain(at, 'buy', { unitKind: k, province: g.bare(p), count: n ?? undefined }) %}
  # The rule document's "indicate the province that the unit is to be built in": "Buy tank, to be built in Redhaven".
  | NUMBER:? KIND %comma:? "to" "be" BUILT_WORD AT PLACE {% ([n, k, , , , , , p], at) => g.plain(at, 'buy', { unitKind: k, province: g.bare(p), count: n ?? undefined }) %}
  | ARTICLE KIND AT:? PLACE {% ([, k, , p], at) => g.plain(at, 'buy', { unitKind: k, province: g.bare(p) }) %}
BUY_VERB -> "buy" | "buys" | "build" | "builds" | "b" | "recruit" | "recruits" | "raise" | "raises" | "train" | "trains"
  | "purchase" | "purchases" | "produce" | "produces" | "hire" | "hires" | "construct" | "constructs"

# Improvements: "Urbanize Paris", "industrialise lyo", "build a port in mar", "Paris: build an airbase".
IMPROVE -> IMPROVE_VERB PLACE {% ([v, p], at) => g.plain(at, 'improve', { improvement: v, province: g.bare(p) }) %}
  | BUY_VERB ARTICLE:? IMPROVEMENT AT:? PLACE {% ([, , i, , p], at) => g.plain(at, 'improve', { improvement: i, province: g.bare(p) }) %}
  | PLACE BUY_VERB ARTICLE:? IMPROVEMENT {% ([p, , , i], at) => g.plain(at, 'improve', { improvement: i, province: g.bare(p) }) %}
IMPROVE_VERB -> URBANIZE {% () => 'urban' %} | INDUSTRIALIZE {% () => 'industrial' %}
URBANIZE -> "urbanize" | "urbanise" | "urbanizes" | "urbanises" | "urbanizing" | "urbanising"
INDUSTRIALIZE -> "industrialize" | "industrialise" | "industrializes" | "industrialises" | "industrializing" | "industrialising"
IMPROVEMENT -> "port" {% () => 'port' %} | "harbour" {% () => 'port' %} | "harbor" {% () => 'port' %}
  | "airbase" {% () => 'airbase' %} | "air" "base" {% () => 'airbase' %} | "airfield" {% () => 'airbase' %}
  | "lab" {% () => 'lab' %} | "research" "lab" {% () => 'lab' %} | "laboratory" {% () => 'lab' %} | "research" "laboratory" {% () => 'lab' %}

# Razing: "Raze the port in mar", "raze forest at ard", "burn the forest in Ardennes".
# "the forest of Redwood": the rule document's own way of naming what stands where.
RAZE -> RAZE_VERB RAZED OF_AT:? PLACE {% ([, w, , p], at) => g.plain(at, 'raze', { what: w, province: g.bare(p) }) %}
  | RAZE_VERB PLACE RAZED {% ([, p, w], at) => g.plain(at, 'raze', { what: w, province: g.bare(p) }) %}
RAZE_VERB -> "raze" | "razes" | "destroy" | "demolish" | "burn" | "burns" | "cut" "down" | "dismantle" | "tear" "down"
RAZED -> "urbanization" {% () => 'urban' %} | "urbanisation" {% () => 'urban' %} | "urban" {% () => 'urban' %} | "city" {% () => 'urban' %}
  | "industrialization" {% () => 'industrial' %} | "industrialisation" {% () => 'industrial' %} | "industry" {% () => 'industrial' %} | "industrial" {% () => 'industrial' %} | "factories" {% () => 'industrial' %}
  | "forest" {% () => 'forest' %} | "forests" {% () => 'forest' %} | "woods" {% () => 'forest' %}
  | IMPROVEMENT {% ([i]) => i %}
STOP_RAZING -> STOP_VERB RAZING "of":? RAZED OF_AT:? PLACE {% ([, , , w, , p], at) => g.plain(at, 'stop-razing', { what: w, province: g.bare(p) }) %}
  | STOP_VERB RAZING AT PLACE RAZED:? {% ([, , , p, w], at) => g.plain(at, 'stop-razing', { what: w ?? undefined, province: g.bare(p) }) %}
OF_AT -> AT | "of"
BUILT_WORD -> "built" | "bought" | "raised" | "placed"
STOP_VERB -> "stop" | "cancel" | "halt" | "undo" | "reverse" | "abort"
RAZING -> "razing" | "raze" | "the" "razing"

# Diplomacy: "Ally with Bluevale", "alliance with blue", "make peace with blue", "declare war on blue".
ALLY -> ALLY_VERB NATION {% ([, n], at) => g.plain(at, 'ally', { nation: n }) %}
ALLY_VERB -> "ally" "with":? | "allies" "with":? | "alliance" "with" | "form" ARTICLE:? "alliance" "with" | "allied" "with" | "ally" "to"
  | "propose" ARTICLE:? "alliance" TO | "accept" ARTICLE:? "alliance" "with" | "accept" "alliance" "from" | "alliance" TO
PEACE -> PEACE_VERB NATION {% ([, n], at) => g.plain(at, 'peace', { nation: n }) %}
PEACE_VERB -> "peace" "with" | "make" "peace" "with" | "makes" "peace" "with" | "offer" "peace" TO | "sue" "for" "peace" "with" | "ceasefire" "with" | "end" "alliance" "with" | "break" "alliance" "with"
WAR -> WAR_VERB NATION {% ([, n], at) => g.plain(at, 'war', { nation: n }) %}
WAR_VERB -> "declare" "war" "on" | "declare" "war" "against" | "declares" "war" "on" | "war" "on" | "war" "with" | "go" "to" "war" "with"

# Scheduled payments and public treaties are other rulesets' orders: CNES has none. A line giving one
# ("authorize the scheduled payment to blue", "draft a public treaty between red and blue: ...") is
# refused with what to do instead (language.ts), not set aside as a remark.
NOT_IN_CNES -> PAYMENT_ORDER ANY_WORD:* {% (_d, at) => g.plain(at, 'payment') %}
  | TREATY_ORDER ANY_WORD:* {% (_d, at) => g.plain(at, 'treaty') %}
PAYMENT_ORDER -> PAYMENT_VERB "the":? "scheduled":? "payment"
PAYMENT_VERB -> "authorize" | "authorise" | "cancel"
TREATY_ORDER -> TREATY_VERB ARTICLE:? "public":? "treaty"
TREATY_VERB -> "draft" | "ratify"
ANY_WORD -> %word | %name | %unknown | %number | %comma | %dot | %dash | %arrow | %lparen | %rparen | %slash

# "Thanks" is one slip from "tanks": sign-offs are fillers here, so they are never read as orders.
FILLER -> "thanks" | "thank" | "thx" | "cheers"
