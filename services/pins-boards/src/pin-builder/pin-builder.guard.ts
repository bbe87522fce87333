import {
  pinBuilderGate,
  type ExperimentGroups,
  type PinBuilderFeature,
  type PinBuilderGate,
  type PinBuilderScenario,
} from '@pinhive/contracts';
import { appError, type ForcedGroups, type Viewer } from '@pinhive/kit';
import type { AdvertiserAccess } from '../advertisers/advertiser-access';

/**
 * A viewer's experiment groups: service.ts reads them from the kit's experiments client (the
 * operators' allocations, in memory); a test may give its own.
 */
export type ExperimentGroupsOf = (viewer: Viewer, forced: ForcedGroups) => Promise<ExperimentGroups>;

/** Whether an account may upload video: the product stores images only, so no account may yet. */
export type VideoPermission = (viewer: Viewer) => Promise<boolean>;
export const noVideo: VideoPermission = () => Promise.resolve(false);

export interface PinBuilderGuardDeps {
  experiments: ExperimentGroupsOf;
  canUploadVideo: VideoPermission;
  advertisers: Pick<AdvertiserAccess, 'actingFor'>;
}

export interface GateRequest {
  scenario: PinBuilderScenario;
  /** The advertiser the call is sent for (`advertiser_id`): acting for another account unless the viewer owns it. */
  advertiserId: string | undefined;
  /** The request's Accept-Language: its first language is the locale (video tagging is English only). */
  acceptLanguage: string | undefined;
  /** Groups the request forces (`ph_exp`, outside production: the kit's forcedGroupsOf), as the builder's page saw them. */
  forced: ForcedGroups;
}

/** The first language of an Accept-Language header (`fr-CH, fr;q=0.9` is `fr-CH`); English when there is none. */
export function localeOf(acceptLanguage: string | undefined): string {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  return first && first !== '*' ? first : 'en';
}

/**
 * pins-boards' side of the pin builder's gating: the same pure function as the web builder
 * (contracts pin-builder.ts) with the viewer's facts as this service knows them, so a request
 * for a feature the builder would not have shown is refused here too.
 */
export class PinBuilderGuard {
  constructor(private readonly deps: PinBuilderGuardDeps) {}

  async gateFor(viewer: Viewer, req: GateRequest): Promise<PinBuilderGate> {
    const [experiments, canUploadVideo, role] = await Promise.all([
      this.deps.experiments(viewer, req.forced),
      this.deps.canUploadVideo(viewer),
      this.deps.advertisers.actingFor(viewer, req.advertiserId),
    ]);
    return pinBuilderGate({
      scenario: req.scenario,
      viewerType: viewer.viewerType,
      experiments,
      canUploadVideo,
      locale: localeOf(req.acceptLanguage),
      actingForAnotherAccount: role !== null && role !== 'owner',
    });
  }

  /** Pin creation must be on: 403 `pin_creation_disabled` naming the switch, or 401 for a viewer who must log in fully. */
  static requireCreation(gate: PinBuilderGate): void {
    if (gate.loginRequired) throw appError('unauthorized');
    if (!gate.canCreate) throw appError('pin_creation_disabled', { data: { experiment: gate.creationDisabledBy } });
  }

  /** 403 `pin_builder_feature_off` naming the feature and the request field that needed it. */
  static requireFeature(gate: PinBuilderGate, feature: PinBuilderFeature | 'multi_pin', field: string): void {
    const on = feature === 'multi_pin' ? gate.multiPin : gate.features[feature];
    if (!on) throw appError('pin_builder_feature_off', { field, data: { feature } });
  }
}
