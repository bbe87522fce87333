import type { SavedPin } from '@pinhive/contracts';
import type { ExtensionUpsellVariant } from './UpsellModals';

/** A pin the viewer just created (not a repin), and which extension upsell variant fits where. */
export interface CreatedPin {
  pin: SavedPin;
  variant?: ExtensionUpsellVariant;
}

type Listener = (created: CreatedPin) => void;
const listeners = new Set<Listener>();

/**
 * Tells the upsell host (UpsellHost, mounted once in the app layout) that a pin was created, so
 * the upsells of section 4 may follow. A signal rather than state in each flow: the mobile flows
 * leave their page as the save succeeds, and the modal still follows on the next page.
 */
export function notePinCreated(created: CreatedPin): void {
  for (const listener of listeners) listener(created);
}

export function onPinCreated(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
