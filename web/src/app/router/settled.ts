/**
 * A promise-like that is already settled and calls back at once, not in a later microtask.
 * React.lazy renders a module handed over so without suspending: through a real promise even
 * a module that is loaded already suspends, and React then throttles the reveal of what
 * suspended (up to 300 ms after the fallback showed, against flashing spinners).
 */
const isThenable = <R>(v: R | PromiseLike<R>): v is PromiseLike<R> =>
  typeof v === 'object' && v !== null && typeof (v as { then?: unknown }).then === 'function';

export function settled<T>(value: T): Promise<T> {
  const thenable: PromiseLike<T> = {
    then: <R1 = T, R2 = never>(onFulfilled?: ((v: T) => R1 | PromiseLike<R1>) | null): PromiseLike<R1 | R2> => {
      if (!onFulfilled) return settled(value) as unknown as PromiseLike<R1>;
      const next = onFulfilled(value);
      return isThenable(next) ? next : settled(next);
    },
  };
  return thenable as Promise<T>;
}
