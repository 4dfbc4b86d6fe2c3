// Redis keys. Every key of a game carries the hash tag {game-id}, so a Redis Cluster keeps a game
// on one slot and a turn can be committed in one atomic script.

export const GAMES_KEY = 'adjutant:games';

/** What every key of one game starts with. */
export function gamePrefix(gameId: string): string {
  return `adjutant:{${gameId}}:`;
}

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
    /** Hash: nation -> JSON orders in force for the coming step, with the email each came from (stored-orders.ts; written through GameStore). */
    orders: `${p}:orders`,
    /** String: bumped by every change to the orders in force, so a step adjudicated on older orders is not committed. */
    ordersVersion: `${p}:orders:version`,
    /** Hash: mail id -> raw message bytes, kept so every order can be traced to its email. */
    mail: `${p}:mail`,
    /** Hash: message key -> JSON outbox entry (sent or not). */
    outbox: `${p}:outbox`,
    /** Sorted set: keys of messages recorded but not yet sent, by time recorded. */
    outboxPending: `${p}:outbox:pending`,
    /** String: JSON of the turn schedule (deadline, reminders sent, pause, missed turns, absences). */
    schedule: `${p}:schedule`,
    /** String: JSON turn record adjudicated for the GM's preview and not yet published. */
    preview: `${p}:preview`,
    /** List: JSON turn records undone by a rollback, oldest first, each with when it was undone. */
    undone: `${p}:undone`,
    /** String: number of rollbacks so far; replayed steps are told apart from the undone ones by it. */
    rollbacks: `${p}:rollbacks`,
  };
}

/** Keys of one deadline scheduler scope (one per deployment; tests use their own). */
export function schedulerKeys(scope: string) {
  const p = `adjutant:scheduler:${scope}`;
  return {
    /** Sorted set: game id -> the time (ms) the scheduler should next look at the game. */
    wake: `${p}:wake`,
    /** String: the time (ms) of the last tick of any scheduler, to notice a service that was down. */
    heartbeat: `${p}:heartbeat`,
  };
}

/** Keys of the mail loop (src/channels/email): what each email did, GM tickets, dedupe and rate limits. */
export function mailKeys(gameId: string) {
  const p = `adjutant:{${gameId}}:mail`;
  return {
    /** Hash: mail id -> JSON of what processing it did and the replies it owes (its presence = processed). */
    results: `${p}:results`,
    /** Hash: mail id -> ISO time the intake first saw it (the arrival time that lateness is judged by). */
    received: `${p}:received`,
    /** Hash: Message-ID or body hash -> the mail id that claimed it first (later copies are duplicates). */
    dedupe: `${p}:dedupe`,
    /** Hash: ticket token -> JSON ticket (a line the parser was unsure of, waiting for the GM). */
    tickets: `${p}:tickets`,
    /** Hash: Message-ID of a ticket email -> ticket token, so a reply in the thread finds its ticket. */
    ticketThreads: `${p}:ticket-threads`,
    /** Hash: nation -> JSON list of late mail ids for the current step, for the GM's "ORDER <nation> LATE". */
    late: `${p}:late`,
    /** Sorted set per counted thing ("auth:<address>", "anon:<address>", "wrong-secret:<nation>"): mail ids by arrival time, for the flood limits. */
    rate: (sender: string) => `${p}:rate:${sender}`,
    /** String per sender, set while the one flood notice of the current window is out. */
    rateNotice: (sender: string) => `${p}:rate-notice:${sender}`,
    /** Hash: "<mail id>:<command index>" -> what a command's effect did ("" while it runs), so a retried message never runs it twice. */
    commands: `${p}:commands`,
    /** String: who is processing this game's mail right now (a short lease, so mails apply one at a time). */
    lock: `${p}:lock`,
    /** Hash: outbox key -> JSON {error, at} for messages the SMTP server refused for good. */
    outboxFailed: `${p}:outbox:failed`,
    /** Hash: outbox key -> SMTP conversations begun for it (noted before each, so a crash mid-send shows). */
    outboxAttempts: `${p}:outbox:attempts`,
    /** Hash: outbox key -> SMTP conversations begun for it whose outcome is unknown (cut off by a crash or a dropped connection). */
    outboxInDoubt: `${p}:outbox:in-doubt`,
    /** Set: keys of messages to the GM or a player, set aside, that the GM's next digest of undelivered mail names. */
    outboxUntold: `${p}:outbox:untold`,
    /** Hash: mail id -> JSON {error, at, attempts} for emails that could not be processed (the mail dead letters). */
    deadMail: `${p}:dead`,
  };
}

/** Keys of the forum outbox (src/store/forum-outbox.ts): posts and private messages for the game's forum. */
export function forumKeys(gameId: string) {
  const p = `adjutant:{${gameId}}:forum`;
  return {
    /** Hash: item key ("update:step-3") -> JSON forum outbox entry (posted or not). */
    outbox: `${p}:outbox`,
    /** Sorted set: keys of items recorded but not yet posted, by time recorded. */
    outboxPending: `${p}:outbox:pending`,
    /** Hash: item key -> tries begun (a count above one: an earlier try may have posted). */
    outboxAttempts: `${p}:outbox:attempts`,
    /** Hash: item key -> JSON { error, at }: set aside until the GM retries it. */
    outboxFailed: `${p}:outbox:failed`,
    /** Hash: forum message id ("forum-post:<post id>@<version>") -> JSON of the post as read, stored before the reader moves on. */
    inbox: `${p}:inbox`,
    /** String: the thread reader's cursor (the adapter's own, passed back as it was given); written only after the posts before it are stored. */
    cursor: `${p}:cursor`,
    /** String: the private-message reader's cursor, written likewise. */
    privateCursor: `${p}:private-cursor`,
    /** Hash: post id -> JSON of a thread post with orders read this step, watched for edits (src/channels/forum/edit-watch.ts). */
    watched: `${p}:watched`,
  };
}

/** Pseudo-game holding mail that routes to no game, and the polite replies to it. Not a valid game id. */
export const UNROUTED_GAME = '_unrouted';

/** Keys of the web pages (src/web): the generations that revoke links, and the GM login limit. */
export function webKeys(gameId: string) {
  return {
    /** Hash: nation -> generation of its private-page link; bumping it revokes every link sent so far. */
    nationLinks: `adjutant:{${gameId}}:web:nation-links`,
  };
}

export const WEB_KEYS = {
  /** Hash: GM address (lower case) -> generation of the GM's console link. */
  gmLinks: 'adjutant:web:gm-links',
  /** String per client address: failed GM logins in the current window, and tries being checked (counted first). */
  loginFailures: (client: string) => `adjutant:web:login-failures:${client}`,
};

/** Keys about the store itself, on one slot of a cluster (src/store/outage-watch.ts). */
export const STORE_KEYS = {
  /** String: written now and then during an outage, to see whether Redis takes writes again. */
  probe: 'adjutant:{store}:probe',
  /** Hash: the last outage the processes saw (begun, over, reason, updated), until the GM is told. */
  outage: 'adjutant:{store}:outage',
  /** Set: "<game>\t<kind>\t<id>" of what waited during it. */
  outageWaited: 'adjutant:{store}:outage:waited',
};
