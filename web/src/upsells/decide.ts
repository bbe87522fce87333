import { CONTROL_GROUPS, isOn, isOnHost, PHOTO_SHARING_HOST, type ExperimentsResponse, type UserSettings } from '@pinhive/contracts';
import type { CreatedPin } from './afterCreate';
import {
  afterNag, browserSupportsExtension, CONNECT_ACCOUNT_UPSELL, connectAccountUpsellEligible, extensionUpsellEligible, markSeen, nagAllows, upsellAfterCreate,
  type AfterCreateUpsell,
} from './rules';
import { readNagRecord, readSeenUpsells, writeNagRecord, writeSeenUpsells } from './storage';

/** What deciding reads from outside: each is asked only when the cheaper conditions before it hold. */
export interface UpsellSources {
  viewerId: string | null;
  userAgent: string;
  experiments: () => Promise<ExperimentsResponse>;
  extensionInstalled: () => Promise<boolean>;
  settings: () => Promise<UserSettings>;
  now: () => number;
}

/**
 * Which upsell follows this create, recorded as shown when one is chosen (the nag record counts
 * the showing; the connect-account upsell goes into the seen list). The rules are rules.ts's pure
 * functions; this only gathers their inputs, in the order that asks least: the experiment and the
 * stored records first, then the 500 ms extension-ready check, then the settings.
 */
export async function decideUpsell(created: CreatedPin, sources: UpsellSources): Promise<AfterCreateUpsell> {
  // Not able to ask means control: an upsell is never worth an error.
  const experiments = await sources.experiments().catch(() => CONTROL_GROUPS);
  const nag = readNagRecord();

  let extension = false;
  if (isOn(experiments.web_extension_upsell) && browserSupportsExtension(sources.userAgent) && nagAllows(nag, sources.now())) {
    const installed = await sources.extensionInstalled();
    extension = extensionUpsellEligible({ userAgent: sources.userAgent, installed, experiments, nag, now: sources.now() });
  }

  let connect = false;
  const { viewerId } = sources;
  if (!extension && viewerId !== null && isOn(experiments.web_connect_account_upsell) && isOnHost(created.pin.link, PHOTO_SHARING_HOST)) {
    const seen = readSeenUpsells(viewerId);
    const settings = seen.includes(CONNECT_ACCOUNT_UPSELL) ? null : await sources.settings().catch(() => null);
    connect = settings !== null && connectAccountUpsellEligible({ viewerId, pinnerId: created.pin.pinner.id, experiments, pinLink: created.pin.link, seen, settings });
  }

  const chosen = upsellAfterCreate(extension, connect);
  if (chosen === 'extension') writeNagRecord(afterNag(nag, sources.now()));
  if (chosen === 'connect_account' && viewerId !== null) writeSeenUpsells(viewerId, markSeen(readSeenUpsells(viewerId), CONNECT_ACCOUNT_UPSELL));
  return chosen;
}
