// Vitest's asymmetric matchers, typed as the values they stand in for. Vitest types them `any`, which typed
// lint refuses inside toMatchObject's and toEqual's object literals (no-unsafe-assignment); these say what the
// field holds, so the rest of a test's types stay checked.
import { expect } from 'vitest';

export const anyString = (): string => expect.any(String) as string;
export const anyNumber = (): number => expect.any(Number) as number;
export const stringContaining = (text: string): string => expect.stringContaining(text) as string;
export const stringMatching = (pattern: RegExp): string => expect.stringMatching(pattern) as string;
export const objectContaining = <T extends object>(fields: T): T => expect.objectContaining<unknown>(fields) as T;
export const arrayContaining = <T>(items: readonly T[]): T[] => expect.arrayContaining<unknown>([...items]) as T[];
