// The counter's beep for an entry that added nothing: a scanner user looks at the products, not the screen.
// Whether it sounds is the station's choice, kept in this station's browser storage (one origin per station).
const KEY = 'sello.venta.sonido';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** On unless the cashier turned it off on this station. */
export function beepWanted(store: Store): boolean {
  return store.getItem(KEY) !== 'no';
}

export function setBeepWanted(store: Store, on: boolean): void {
  store.setItem(KEY, on ? 'si' : 'no');
}

/** A short low tone (about 0.18 s): an error, not a confirmation. The context is the screen's, made on first use. */
export function beep(context: () => AudioContext | null): void {
  const ctx = context();
  if (!ctx) return;
  // A browser may hold audio back until a key was pressed; a scan is one, so resume may well succeed.
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const tone = ctx.createOscillator();
  const gain = ctx.createGain();
  tone.type = 'square';
  tone.frequency.value = 330;
  gain.gain.value = 0.15;
  tone.connect(gain).connect(ctx.destination);
  tone.start();
  tone.stop(ctx.currentTime + 0.18);
}
