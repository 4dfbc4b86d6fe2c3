import { describe, expect, it } from 'vitest';
import { counted } from '../../src/engine/index.ts';

describe('counted', () => {
  it('writes regular plurals, -y plurals and mass nouns the way a GM would', () => {
    expect(counted(1, 'army')).toBe('1 army');
    expect(counted(2, 'army')).toBe('2 armies');
    expect(counted(3, 'fleet')).toBe('3 fleets');
    expect(counted(4, 'infantry')).toBe('4 infantry');
    expect(counted(2, 'artillery')).toBe('2 artillery');
    expect(counted(2, 'anti-air')).toBe('2 anti-air');
    expect(counted(2, 'militia')).toBe('2 militia');
    expect(counted(2, 'convoy')).toBe('2 convoys');
    expect(counted(0, 'build')).toBe('0 builds');
  });
});
