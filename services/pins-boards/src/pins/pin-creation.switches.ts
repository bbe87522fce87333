import { isOn, type ExperimentGroup, type ExperimentName } from '@pinhive/contracts';
import { appError, forcedGroupsOf, type ForcedGroups, type Viewer } from '@pinhive/kit';
import type { Request } from 'express';

/**
 * What a request creates: a pin made on the web from an image or link (PinResource create), a
 * save of an existing pin (RepinResource create), an idea pin, a video pin (the pin builder).
 */
export type PinCreationKind = 'web' | 'repin' | 'idea_pin' | 'video';

/**
 * The kill switches (saving-boards-ads.md section 6: "pin creation can be disabled by experiment
 * (all, web pins, idea pins, video)") that refuse each kind when on for the viewer.
 */
export const CREATION_SWITCHES: Record<PinCreationKind, readonly ExperimentName[]> = {
  web: ['web_pin_creation_disabled_all', 'web_pin_creation_disabled_web'],
  repin: ['web_pin_creation_disabled_all'],
  idea_pin: ['web_pin_creation_disabled_all', 'web_pin_creation_disabled_idea_pins'],
  video: ['web_pin_creation_disabled_all', 'web_pin_creation_disabled_video'],
};

/** Whether creating `kind` is switched off, given the viewer's groups. */
export function creationSwitchedOff(kind: PinCreationKind, groupOf: (name: ExperimentName) => string): boolean {
  return CREATION_SWITCHES[kind].some((name) => isOn(groupOf(name)));
}

interface Experiments {
  groupOf<N extends ExperimentName>(name: N, subject: string | undefined, forced?: ForcedGroups): ExperimentGroup<N>;
}

/**
 * The check every pin-creating route runs first, before anything is stored (an upload
 * included): `pin_creation_disabled` when a switch of its kind is on for the viewer. The groups
 * come from the kit's experiments client, in memory: no call per request. Outside production
 * the `ph_exp` cookie forces groups, as it does for the experiments call.
 */
export function pinCreationGate(experiments: Experiments, opts: { allowOverrides: boolean }) {
  return (req: Request, viewer: Viewer, kind: PinCreationKind): void => {
    const forced = forcedGroupsOf(req, opts.allowOverrides);
    if (creationSwitchedOff(kind, (name) => experiments.groupOf(name, viewer.userId, forced))) throw appError('pin_creation_disabled');
  };
}
export type PinCreationGate = ReturnType<typeof pinCreationGate>;
