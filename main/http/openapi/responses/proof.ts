// The compiler's proof that a response schema is the type the core answers with: `same<Same<...>>(true)` fails to
// compile when a field is added, removed or retyped on either side, so the document cannot drift from the server.
import type { DoorCalls } from '../../../core/front-door';

/** A type as JSON carries it: zod's output has no `readonly`, the records have it everywhere. */
export type Plain<T> = T extends readonly (infer E)[] ? Plain<E>[] : T extends object ? { -readonly [K in keyof T]: Plain<T[K]> } : T;

/** What the route's call answers with, as JSON carries it. */
export type Answer<K extends keyof DoorCalls> = Plain<Awaited<ReturnType<DoorCalls[K]>>>;

/** True only when A and B are the same type: a property added to one and not the other fails to compile. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const same = <T extends true>(_proof: T): T => _proof;
