/**
 * A small seeded PRNG (mulberry32) with the helpers the seed needs. Every domain forks its own
 * stream by label, so adding rows to one domain never reshuffles the rows of another.
 */
export declare class Random {
    private state;
    constructor(seed: number);
    /** A uniform float in [0, 1). */
    next(): number;
    /** An integer in [min, max], both ends included. */
    int(min: number, max: number): number;
    chance(probability: number): boolean;
    pick<T>(items: readonly T[]): T;
    /** Picks by weight: `[[value, weight], …]`. */
    weighted<T>(options: readonly (readonly [T, number])[]): T;
    /** `count` distinct items, in random order. */
    sample<T>(items: readonly T[], count: number): T[];
    shuffle<T>(items: readonly T[]): T[];
    digits(count: number): string;
    /** Letters and digits, like the 40-character names Laravel gives uploaded files. */
    token(length: number): string;
}
/** The stream of one domain, e.g. `randomFor('appointments')`. */
export declare const randomFor: (label: string) => Random;
