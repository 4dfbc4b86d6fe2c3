// Redis keys, every one of them. Every key of a game carries the hash tag {game-id}, so a Redis
// Cluster keeps a game on one slot and a turn can be committed in one atomic script.
//
// Each structure has one owner, the module named in its comment ("Owner:", or the group's): only
// the owner names its key, and other modules call the owner. A script that must change structures
// of several owners in one atomic step uses the others' Lua (game.lua, tickets.lua) with the keys
// they hand out (gameScriptKeys, ticketScriptKeys). test/store/key-owners.test.ts keeps it so.

/** Set: the ids of the stored games. Owner: src/store/game-store.ts. */
export const GAMES_KEY = 'adjutant:games';

/** What every key of one game starts with. */
export function gamePrefix(gameId: string): string {
  return `adjutant:{${gameId}}:`;
}

/** A game's own keys. Owner: src/store/game-store.ts, except where a key names another. */
export function gameKeys(gameId: string) {
  const p = `adjutant:{${gameId}}`;
  return {
    /** Hash: file path -> text (game.yaml, map.yaml, templates) as the GM wrote them. */
    files: `${p}:files`,
    /** String: a fresh random id whenever a file changes, so an opened game is kept until then. */
    filesVersion: `${p}:files:version`,
    /** String: JSON of the state the next step starts from. */
    state: `${p}:state`,
    /** String: number of committed steps (adjudications) so far. */
    step: `${p}:step`,
    /** Hash: step number -> JSON turn record. */
    history: `${p}:history`,
    /** Hash: nation -> JSON orders in force for the coming step, with the email each came from (in the shape of stored-orders.ts). */
    orders: `${p}:orders`,
    /** String: bumped by every change to the orders in force (and by a game update, which changes what a step is adjudicated on), so a step adjudicated on older orders is not committed. */
    ordersVersion: `${p}:orders:version`,
    /** Hash: mail id -> raw message bytes, kept so every order can be traced to its email. */
    mail: `${p}:mail`,
    /** Hash: message key -> JSON outbox entry (sent or not). Owner: src/store/outbox.ts. */
    outbox: `${p}:outbox`,
    /** Sorted set: keys of messages recorded but not yet sent, by time recorded. Owner: src/store/outbox.ts. */
    outboxPending: `${p}:outbox:pending`,
    /** Sorted set: every message key by time recorded (ms), so the console reads a page without loading them all. Owner: src/store/outbox.ts. */
    outboxByTime: `${p}:outbox:by-time`,
    /** String: JSON of the turn schedule (deadline, reminders sent, pause, missed turns, absences). Owner: src/turns/schedule-store.ts. */
    schedule: `${p}:schedule`,
    /** String: JSON turn record adjudicated for the GM's preview and not yet published. */
    preview: `${p}:preview`,
    /** List: JSON turn records undone by a rollback, oldest first, each with when it was undone. */
    undone: `${p}:undone`,
    /** String: number of rollbacks so far; replayed steps are told apart from the undone ones by it. */
    rollbacks: `${p}:rollbacks`,
    /** Hash: "<step>:<rollbacks>" -> the turn that step was published as then, so a step published again after a rollback knows what it replaces. Owner: src/turns/rerun.ts. */
    published: `${p}:published`,
    /** String: when the GM was last heard from (ms since 1970): a mail or console action of theirs. Owner: src/store/gm-heard.ts. */
    gmHeard: `${p}:gm:heard`,
    /** Hash: nation -> JSON { step, lines }: the refused lines of its newest message, while it has no orders in force, for its report. Owner: src/store/refused-lines.ts. */
    refused: `${p}:refused`,
  };
}

/** Keys of one deadline scheduler scope (one per deployment; tests use their own). Owner: src/turns/schedule-store.ts. */
export function schedulerKeys(scope: string) {
  const p = `adjutant:scheduler:${scope}`;
  return {
    /** Sorted set: game id -> the time (ms) the scheduler should next look at the game. */
    wake: `${p}:wake`,
    /** String: the time (ms) of the last tick of any scheduler, to notice a service that was down. */
    heartbeat: `${p}:heartbeat`,
  };
}

/** Keys of the message loop: what each message did, GM tickets, dedupe and rate limits, the mail outbox's counts. Owner: src/messages/message-ledger.ts, except where a key names another. */
export function mailKeys(gameId: string) {
  const p = `adjutant:{${gameId}}:mail`;
  return {
    /** Hash: mail id -> JSON of what processing it did and the replies it owes (its presence = processed). */
    results: `${p}:results`,
    /** Hash: mail id -> ISO time the intake first saw it (the arrival time that lateness is judged by). */
    received: `${p}:received`,
    /** Hash: Message-ID or body hash -> the mail id that claimed it first (later copies are duplicates). */
    dedupe: `${p}:dedupe`,
    /** Hash: ticket token -> JSON ticket (a line the parser was unsure of, waiting for the GM). Owner: src/store/stored-tickets.ts. */
    tickets: `${p}:tickets`,
    /** Hash: Message-ID of a ticket email -> ticket token, so a reply in the thread finds its ticket. Owner: src/store/stored-tickets.ts. */
    ticketThreads: `${p}:ticket-threads`,
    /** Hash: nation -> JSON list of late mail ids for the current step, for the GM's "ORDER <nation> LATE". */
    late: `${p}:late`,
    /** Sorted set per counted thing ("auth:<address>", "anon:<address>", "wrong-secret:<nation>"): mail ids by arrival time, for the flood limits. */
    rate: (sender: string) => `${p}:rate:${sender}`,
    /** String per sender, set while the one flood notice of the current window is out. */
    rateNotice: (sender: string) => `${p}:rate-notice:${sender}`,
    /** Hash: "<mail id>:<command index>" -> what a command's effect did ("" while it runs), so a retried message never runs it twice. Owner: src/messages/command-effects.ts. */
    commands: `${p}:commands`,
    /** String: who is processing this game's mail right now (a short lease, so mails apply one at a time). */
    lock: `${p}:lock`,
    /** Hash: outbox key -> JSON {error, at} for messages the SMTP server refused for good. Owner: src/store/outbox.ts. */
    outboxFailed: `${p}:outbox:failed`,
    /** Hash: outbox key -> SMTP conversations begun for it (noted before each, so a crash mid-send shows). Owner: src/store/outbox.ts. */
    outboxAttempts: `${p}:outbox:attempts`,
    /** Hash: outbox key -> SMTP conversations begun for it whose outcome is unknown (cut off by a crash or a dropped connection). Owner: src/store/outbox.ts. */
    outboxInDoubt: `${p}:outbox:in-doubt`,
    /** Set: keys of messages to the GM or a player, set aside, that the GM's next digest of undelivered mail names. Owner: src/store/outbox.ts. */
    outboxUntold: `${p}:outbox:untold`,
    /** Hash: mail id -> JSON {error, at, attempts} for messages of any channel that could not be processed (the dead letters). Owner: src/messages/dead-letters.ts. */
    deadMail: `${p}:dead`,
    /** List: JSON of each press relayed (who to whom, and its text), newest first, the last few hundred, for the web pages. Owner: src/store/stored-press.ts. */
    press: `${p}:press`,
  };
}

/**
 * Keys of the game's post outbox: posts into its thread, private messages and edits, on the channel
 * that hosts the thread. Named "forum" since the forum was the first such channel; stored keys keep
 * their names. Owner: src/store/post-outbox.ts.
 */
export function postKeys(gameId: string) {
  const p = `adjutant:{${gameId}}:forum`;
  return {
    /** Hash: item key ("update:step-3") -> JSON post outbox entry (posted or not). */
    outbox: `${p}:outbox`,
    /** Sorted set: keys of items recorded but not yet posted, by time recorded. */
    outboxPending: `${p}:outbox:pending`,
    /** Hash: item key -> tries begun (a count above one: an earlier try may have posted). */
    outboxAttempts: `${p}:outbox:attempts`,
    /** Hash: item key -> JSON { error, at }: set aside until the GM retries it. */
    outboxFailed: `${p}:outbox:failed`,
    /** String: the facts the thread's status post last showed (src/turns/status-post.ts); a change records an edit of it. */
    statusShown: `${p}:status-shown`,
  };
}

/** Keys of what the forum channel read and keeps about the game's forum. Owner: src/channels/forum, each key naming its file. */
export function forumKeys(gameId: string) {
  const p = `adjutant:{${gameId}}:forum`;
  return {
    /** Hash: forum message id ("forum-post:<post id>@<version>") -> JSON of the post as read, stored before the reader moves on. Owner: src/channels/forum/forum-inbox.ts. */
    inbox: `${p}:inbox`,
    /** String: the thread reader's cursor (the adapter's own, passed back as it was given); written only after the posts before it are stored. Owner: src/channels/forum/forum-inbox.ts. */
    cursor: `${p}:cursor`,
    /** String: the private-message reader's cursor, written likewise. Owner: src/channels/forum/forum-inbox.ts. */
    privateCursor: `${p}:private-cursor`,
    /** String: ISO time the game began reading its forum (its import): posts and private messages written before it are history, never read as orders. Owner: src/channels/forum/forum-inbox.ts. */
    readsFrom: `${p}:reads-from`,
    /** Hash: post id -> JSON of a thread post with orders read this step, watched for edits. Owner: src/channels/forum/edit-watch.ts. */
    watched: `${p}:watched`,
    /** Hash: a member name of the game (lower case) -> the forum account id first seen writing under it; the account is that member from then on, whatever name it shows. Owner: src/channels/forum/forum-members.ts. */
    members: `${p}:members`,
    /** Hash: forum member name (lower case) -> the private conversation the game's account keeps with them. Owner: src/channels/forum/conversations.ts. */
    conversations: `${p}:conversations`,
  };
}

/** Pseudo-game holding mail that routes to no game, and the polite replies to it. Not a valid game id. */
export const UNROUTED_GAME = '_unrouted';

/** Keys of the web pages: the generations that revoke nations' links, and orders written on the pages. Owner: src/web/link-generations.ts, except where a key names another. */
export function webKeys(gameId: string) {
  return {
    /** Hash: nation -> generation of its private-page link; bumping it revokes every link sent so far. */
    nationLinks: `adjutant:{${gameId}}:web:nation-links`,
    /** Hash: web message id ("web:<uuid>") -> JSON { nation, text, at }, stored before the page answers. Owner: src/channels/web/web-inbox.ts. */
    orders: `adjutant:{${gameId}}:web:orders`,
  };
}

/** Keys of the web pages shared by all games. */
export const WEB_KEYS = {
  /** Hash: GM address (lower case) -> generation of the GM's console link. Owner: src/web/link-generations.ts. */
  gmLinks: 'adjutant:web:gm-links',
  /** String per client address: failed GM logins in the current window, and tries being checked (counted first). Owner: src/web/gm-session.ts. */
  loginFailures: (client: string) => `adjutant:web:login-failures:${client}`,
};

/** Sets of the games with items in an outbox's line, so a sweep visits only those. */
export const OUTBOX_KEYS = {
  /** Set: games with messages waiting to be sent. Owner: src/store/outbox.ts. */
  mailGamesInLine: 'adjutant:outbox:pending',
  /** Set: games with posts or private messages waiting to be made. Owner: src/store/post-outbox.ts. */
  postGamesInLine: 'adjutant:forum-outbox:pending',
};

/** Keys about the store itself, on one slot of a cluster. Owner: src/store/outage-watch.ts. */
export const STORE_KEYS = {
  /** String: written now and then during an outage, to see whether Redis takes writes again. */
  probe: 'adjutant:{store}:probe',
  /** Hash: the last outage the processes saw (begun, over, reason, updated), until the GM is told. */
  outage: 'adjutant:{store}:outage',
  /** Set: "<game>\t<kind>\t<id>" of what waited during it. */
  outageWaited: 'adjutant:{store}:outage:waited',
};
