# Orders of the warfare ruleset (Diplomacy-style). Kinds and slots are the ones agreed with
# src/rulesets/warfare: hold, move, support, convoy, retreat, disband, build, waive.
# Each order rule returns a list of drafts (src/orders/drafts.ts): "build A Par, F Bre" is two.
@preprocessor typescript
@lexer lexer
@include "base.ne"

# A line holds one order or several ("A Par H; A Mar - Spa"). A heading such as "England:" in
# front of them is taken off before parsing (tokens.ts).
LINE -> ORDERS {% id %}
ORDERS -> ORDER {% id %} | ORDERS SEP ORDER {% ([a, , b]) => g.join(a, b) %}
ORDER -> HOLD {% id %} | MOVE {% id %} | SUPPORT {% id %} | CONVOY {% id %}
  | RETREAT {% id %} | DISBAND {% id %} | BUILD {% id %} | WAIVE {% id %} | ADJUST {% id %}

# The unit an order is for: "A Par", "the army in Paris", "Paris army", "Par" (type worked out).
UNIT -> UNIT_TYPE PLACE {% ([t, p]) => g.unit(t, p) %}
  | UNIT_TYPE AT PLACE {% ([t, , p]) => g.unit(t, p) %}
  | PLACE UNIT_TYPE {% ([p, t]) => g.unit(t, p) %}
  | PLACE {% ([p]) => g.unit(null, p) %}
  | AT PLACE {% ([, p]) => g.unit(null, p) %}
  # "the Italian army in Tyrolia": whose unit it is says nothing the place does not.
  | NATION UNIT_TYPE AT:? PLACE {% ([, t, , p]) => g.unit(t, p) %}

HOLD -> UNIT HOLD_VERB HOLD_TAIL:? {% ([u], at) => g.order(at, 'hold', u) %}
  | HOLD_VERB UNIT {% ([, u], at) => g.order(at, 'hold', u) %}
  # "All units hold", "hold all armies": one hold for each unit of yours (of that type).
  | ALL UNIT_TYPE:? HOLD_VERB HOLD_TAIL:? {% ([, t], at) => g.each(g.order(at, 'hold', g.everyUnit(t ?? null))) %}
  | HOLD_VERB ALL UNIT_TYPE:? {% ([, , t], at) => g.each(g.order(at, 'hold', g.everyUnit(t ?? null))) %}
HOLD_TAIL -> "put" | "still" | "fast" | "where" "it" | "where" "they" | "in" "place"
# Besides base.ne's hold words:
HOLD_VERB -> "defend" | "defends"

MOVE -> UNIT GO PLACE VIA:? {% ([u, , t, v], at) => g.order(at, 'move', u, { target: t, viaConvoy: v ?? undefined }) %}
  | MOVE_VERB UNIT GO_TO PLACE VIA:? {% ([, u, , t, v], at) => g.order(at, 'move', u, { target: t, viaConvoy: v ?? undefined }) %}
  | MOVE_VERB UNIT PLACE VIA:? {% ([, u, t, v], at) => g.order(at, 'move', u, { target: t, viaConvoy: v ?? undefined }) %}
  | MOVE_VERB TO:? PLACE BY_UNIT UNIT {% ([, , t, , u], at) => g.order(at, 'move', u, { target: t }) %}
  # No place to start from: "move army to Burgundy" is the unit of yours next to Burgundy.
  | MOVE_VERB ARTICLE:? UNIT_TYPE GO_TO PLACE VIA:? {% ([, , type, , t, v], at) => g.order(at, 'move', g.unitNear(type, 'target'), { target: t, viaConvoy: v ?? undefined }) %}
  # A convoy route written out: "A Lon - Nth - Nwy".
  | UNIT GO PLACE ROUTE {% ([u, , , r], at) => g.order(at, 'move', u, { target: r, viaConvoy: true }) %}
ROUTE -> ARROW PLACE {% ([, p]) => p %} | ROUTE ARROW PLACE {% ([, , p]) => p %}
GO -> ARROW | TO | MOVE_VERB | MOVE_VERB TO | MOVE_VERB ARROW | TO MOVE_VERB | TO MOVE_VERB TO | MOVE_VERB "on" | TO MOVE_VERB "on"
  | MOVE_VERB "against" | TO MOVE_VERB "against"
GO_TO -> "on" | "against"
BY_UNIT -> WITH | "from"
# Besides base.ne's move words:
MOVE_VERB -> "attack" | "attacks" | "attacking" | "invade" | "invades" | "sail" | "sails"
# "via English Channel": the sea an army is carried across names the convoy it goes by.
VIA -> "via" "convoy" {% () => true %} | "by" "convoy" {% () => true %} | "via" "c" {% () => true %} | "via" PLACE {% () => true %}
  | "convoyed" {% () => true %} | %lparen VIA %rparen {% () => true %} | %lparen "convoy" %rparen {% () => true %}

# Support: "A Mun S A Par - Bur", "F Nth supports F Lon", "support Par to Bur with Mun".
SUPPORT -> UNIT SUPPORT_VERB SUPPORTED {% ([u, , s], at) => g.order(at, 'support', u, s) %}
  | SUPPORT_VERB SUPPORTED BY_UNIT UNIT {% ([, s, , u], at) => g.order(at, 'support', u, s) %}
  # webDiplomacy's order log, which players paste: "A Marseilles support move to Burgundy from Paris",
  # "A Munich support hold to Berlin".
  | UNIT SUPPORT_VERB MOVE_VERB TO PLACE "from" PLACE {% ([u, , , , t, , s], at) => g.order(at, 'support', u, { subject: g.bare(s), target: g.bare(t) }) %}
  | UNIT SUPPORT_VERB HOLD_VERB TO PLACE {% ([u, , , , s], at) => g.order(at, 'support', u, { subject: g.bare(s) }) %}
SUPPORTED -> UNIT {% ([s]) => ({ subjectType: s.type ?? undefined, subject: g.bare(s.place) }) %}
  | UNIT HOLD_VERB {% ([s]) => ({ subjectType: s.type ?? undefined, subject: g.bare(s.place) }) %}
  | UNIT GO PLACE VIA:? {% ([s, , t]) => ({ subjectType: s.type ?? undefined, subject: g.bare(s.place), target: g.bare(t) }) %}
SUPPORT_VERB -> "s" | "sup" | "supp" | "sp" | "assist" | "assists"

# Convoy: "F Nth C A Lon - Nwy", "convoy A Lon to Nwy with F Nth".
CONVOY -> UNIT CONVOY_VERB UNIT GO PLACE {% ([f, , a, , t], at) => g.order(at, 'convoy', g.unit(f.type ?? 'fleet', f.place), { subject: g.bare(a.place), target: g.bare(t) }) %}
  | CONVOY_VERB UNIT GO PLACE BY_UNIT UNIT {% ([, a, , t, , f], at) => g.order(at, 'convoy', g.unit(f.type ?? 'fleet', f.place), { subject: g.bare(a.place), target: g.bare(t) }) %}
  # webDiplomacy's order log: "F North Sea convoy to Norway from Yorkshire".
  | UNIT CONVOY_VERB TO PLACE "from" PLACE {% ([f, , , t, , a], at) => g.order(at, 'convoy', g.unit(f.type ?? 'fleet', f.place), { subject: g.bare(a), target: g.bare(t) }) %}
CONVOY_VERB -> "c" | "convoy" | "convoys" | "convoying" | "transport" | "transports" | "ferry" | "ferries"

RETREAT -> UNIT RETREAT_VERB GO_TO:? PLACE {% ([u, , , t], at) => g.order(at, 'retreat', u, { target: t }) %}
  | RETREAT_VERB UNIT GO_TO PLACE {% ([, u, , t], at) => g.order(at, 'retreat', u, { target: t }) %}
RETREAT_VERB -> "r" | "retreat" | "retreats" | "retreating" | "withdraw" | "withdraws" | "flee" | "flees"

DISBAND -> UNIT DISBAND_VERB {% ([u], at) => g.order(at, 'disband', u) %}
  | DISBAND_VERB UNIT {% ([, u], at) => g.order(at, 'disband', u) %}
DISBAND_VERB -> "d" | "remove" | "removes" | "destroy" | "destroys" | "delete" | "dissolve" | "dissolves"

# Builds: "Build F stp/nc", "build a fleet in Brest", "build A Par, F Bre", "Paris: build army".
BUILD -> BUILD_VERB BUILT_LIST {% ([, b]) => b %}
  | PLACE BUILD_VERB ARTICLE:? UNIT_TYPE {% ([p, , , t], at) => g.order(at, 'build', g.unit(t, p)) %}
  # The classic judges' order string: "A PAR B".
  | TYPED_UNIT BUILD_VERB {% ([u], at) => g.order(at, 'build', u) %}
BUILT_LIST -> BUILT {% id %} | BUILT_LIST SEP BUILT {% ([a, , b]) => g.join(a, b) %}
BUILT -> NEW_UNIT {% ([u], at) => g.order(at, 'build', u, {}, true) %}
  | ARTICLE TYPED_UNIT {% ([, u], at) => g.order(at, 'build', u, {}, true) %}
  | %number TYPED_UNIT {% ([n, u], at, reject) => (n.number === 1 ? g.order(at, 'build', u, {}, true) : reject) %}
NEW_UNIT -> TYPED_UNIT {% id %}
  | PLACE {% ([p]) => g.unit(null, p) %}
  | AT PLACE {% ([, p]) => g.unit(null, p) %}
TYPED_UNIT -> UNIT_TYPE PLACE {% ([t, p]) => g.unit(t, p) %}
  | UNIT_TYPE AT PLACE {% ([t, , p]) => g.unit(t, p) %}
  | PLACE UNIT_TYPE {% ([p, t]) => g.unit(t, p) %}
# "build one army": one is an article here.
ARTICLE -> "one"
BUILD_VERB -> "build" | "builds" | "b" | "raise" | "raises" | "recruit" | "recruits" | "create" | "creates" | "muster"

# The classic judges' winter shorthand, the order word left out: "F LON" builds where the province is
# empty, "A RUH" removes the unit there (language.ts decides by the board, and refuses it in other phases).
ADJUST -> UNIT_TYPE PLACE {% ([t, p], at) => g.alone(g.order(at, 'adjust', g.unit(t, p))) %}

# Waive: "Waive", "waive one build", "no build", "skip 2 builds".
WAIVE -> WAIVE_VERB BUILD_NOUN:? {% (_d, at) => g.plain(at, 'waive') %}
  | WAIVE_VERB NUMBER BUILD_NOUN:? {% ([, n], at) => g.times(n, g.plain(at, 'waive')) %}
  | WAIVE_VERB "both" BUILD_NOUN {% (_d, at) => g.times(2, g.plain(at, 'waive')) %}
  | "no" BUILD_NOUN {% (_d, at) => g.plain(at, 'waive') %}
  | BUILD_NOUN "waived" {% (_d, at) => g.plain(at, 'waive') %}
WAIVE_VERB -> "waive" | "waives" | "waived" | "skip" | "forgo" | "forego" | "decline"
BUILD_NOUN -> "build" | "builds"
