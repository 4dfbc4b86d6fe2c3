// XenForo's flood check (XF\Mvc\Controller::assertNotFlooding, as XenForo's controllers and the
// add-ons built on them call it): a member without the bypassFloodCheck permission (staff have it)
// waits the board's "Flood check length" (the floodCheckLength option, in seconds) between two
// actions of one kind: 'post' for a reply in a thread (XF\Pub\Controller\Thread::actionAddReply),
// 'conversation' to start a conversation or reply in one (Conversation::actionAdd, actionAddReply),
// refused with the phrase must_wait_x_seconds_before_performing_this_action. The local board's
// `every` is that option (0, off, unless a test or bench sets it); `secondsLeft` holds every action
// back once, for a test that wants one refusal.
export type FloodAction = 'post' | 'conversation';

export interface FloodCheck {
  every: number;
  secondsLeft: number;
  /** Seconds the member must still wait before an action of this kind (0: it may act now). */
  wait(userId: number, action?: FloodAction): number;
  /** Notes that the member just acted. */
  acted(userId: number, action: FloodAction): void;
}

export function floodCheck(isStaff: () => boolean): FloodCheck {
  let holdUntil = 0;
  const last = new Map<string, number>();
  const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  return {
    every: 0,
    get secondsLeft() {
      return secondsUntil(holdUntil);
    },
    set secondsLeft(seconds: number) {
      holdUntil = seconds > 0 ? Date.now() + seconds * 1000 : 0;
    },
    wait(userId, action) {
      const held = secondsUntil(holdUntil);
      if (!action || !this.every || isStaff()) return held;
      return Math.max(held, secondsUntil((last.get(`${userId}:${action}`) ?? 0) + this.every * 1000));
    },
    acted(userId, action) {
      last.set(`${userId}:${action}`, Date.now());
    },
  };
}
