// Key-image maps are drawn a few at a time in a process. Each drawing holds its canvas and its decoded
// key, four bytes a pixel each: some 100 MB for a 4096x3072 key. When a turn ends, every player who
// opens their page asks for their nation's map at the same moment; twenty drawn together would hold
// two gigabytes. The others wait their turn, each in the order asked.
import pLimit from 'p-limit';

/** Two: sharp's threads do much of each drawing, so more at once would not finish sooner, only hold more memory. */
export const KEY_MAPS_AT_ONCE = 2;

const slots = pLimit(KEY_MAPS_AT_ONCE);

/** Draws when a slot is free. */
export function inDrawingSlot<T>(draw: () => Promise<T>): Promise<T> {
  return slots(draw);
}

/** How many key-image maps are being drawn now, and how many wait for a slot. */
export function drawingNow(): { drawing: number; waiting: number } {
  return { drawing: slots.activeCount, waiting: slots.pendingCount };
}
