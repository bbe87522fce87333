import { campaignWordsOf, promotedPinOf, type CampaignServingV1, type ServedCampaign } from '@pinhive/contracts';
import { Periodic, ServedToday, type Logger } from '@pinhive/kit';
import type { PromotedCampaignRepository } from './promoted-campaign.repository';

/** Stands for the token in a served item's JSON made once per read: base64url and a dot, nothing JSON escapes. */
const TOKEN_MARK = 'TOKEN.MARK';

/** A served campaign with its item's JSON (contracts `promotedPinOf`) before and after its token, made once per read, not per page. */
export interface HeldCampaign extends ServedCampaign {
  json: readonly [before: string, after: string];
}

function held(c: CampaignServingV1): HeldCampaign {
  const [before = '', after = ''] = JSON.stringify(promotedPinOf(c, TOKEN_MARK)).split(TOKEN_MARK);
  return { c, words: campaignWordsOf(c), json: [before, after] };
}

/**
 * The campaigns ads serves, as this instance holds them: its read model of ads'
 * `ads.campaign.serving.v1` (promoted_campaigns) read again every `refreshMs`
 * (PROMOTED_REFRESH_MS, 10 s). With ads' own 10 s refresh, a campaign at its budget, paused or
 * past its end leaves the pages within about 20 s, within the minute issue 25 allows (the web
 * keeps no ads between pages). Served on a day by contracts `servesOn`: a budget reached yesterday
 * serves again today without waiting for ads.
 */
export class PromotedSet {
  private readonly live = new ServedToday<HeldCampaign>();
  private readonly periodic: Periodic;

  constructor(private readonly deps: { campaigns: Pick<PromotedCampaignRepository, 'live'>; logger: Logger; now: () => Date; refreshMs: number }) {
    this.periodic = new Periodic('promoted campaigns refresh', async () => {
      this.live.set((await deps.campaigns.live()).map(held));
    }, deps.refreshMs, deps.logger);
  }

  start(): void {
    this.periodic.start();
  }

  stop(): void {
    this.periodic.stop();
  }

  /** Reads the read model now (tests call it instead of waiting). */
  refresh(): Promise<boolean> {
    return this.periodic.runNow();
  }

  /** The campaigns served now. */
  serving(): readonly HeldCampaign[] {
    return this.live.on(this.deps.now());
  }
}
