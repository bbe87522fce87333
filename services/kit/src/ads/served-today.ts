import { servesOn, type ServedCampaign } from '@pinhive/contracts';
import { dayOf } from '../store/day-purge';

/**
 * The campaigns a serving set holds (ads' own, pins-boards' copy of them) and, of those, the ones
 * served today by contracts `servesOn`: worked out once per read of the set and per UTC day, not
 * on every page or serve call.
 */
export class ServedToday<C extends ServedCampaign> {
  private live: readonly C[] = [];
  private today: { day: string; serving: readonly C[] } | undefined;

  /** The set as just read. */
  set(live: readonly C[]): void {
    this.live = live;
    this.today = undefined;
  }

  /** Those served on the UTC day of `now`. */
  on(now: Date): readonly C[] {
    const day = dayOf(now);
    if (this.today?.day !== day) this.today = { day, serving: this.live.filter(({ c }) => servesOn(c, day)) };
    return this.today.serving;
  }
}
