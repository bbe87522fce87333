import { z } from 'zod';
import { viewerTypeSchema } from './auth';
import { EXPERIMENT_NAMES, type ExperimentName } from './experiments';

/**
 * Experiences (saving-boards-ads.md sections 3, 4 and 7): prompts such as onboarding steps, each
 * placed at a placement of the web app. An operator edits them as data (`npm run admin --
 * experiences ...`); a person's status of each is kept by the experiences service.
 *
 * A placed experience is named `placement:experience` (the spec's `placed_experience_id`).
 */
const ID = /^[a-z0-9_]{1,64}$/;
const ID_MESSAGE = 'must be 1 to 64 lower-case letters, digits or underscores';
export const placementIdSchema = z.string().regex(ID, `A placement id ${ID_MESSAGE}.`);
export const experienceIdSchema = z.string().regex(ID, `An experience id ${ID_MESSAGE}.`);
export const placedExperienceIdSchema = z
  .string()
  .regex(/^[a-z0-9_]{1,64}:[a-z0-9_]{1,64}$/, 'placed_experience_id must be placement:experience (lower-case letters, digits, underscores).');
export type PlacedExperienceId = `${string}:${string}`;

/**
 * A person's status of an experience. It never goes back: each has a rank and a change to a
 * lower or equal rank is ignored (completed stays completed; a dismissed step may still be
 * completed by the person doing it). `triggered` is what a trigger gives an experience shown only
 * once something triggered it.
 */
export const EXPERIENCE_STATUSES = ['triggered', 'viewed', 'dismissed', 'completed', 'completedWithoutHomefeed'] as const;
export type ExperienceStatus = (typeof EXPERIENCE_STATUSES)[number];
export const STATUS_RANK: Record<ExperienceStatus, number> = { triggered: 0, viewed: 1, dismissed: 2, completed: 3, completedWithoutHomefeed: 3 };
/** Statuses after which an experience is no longer shown. */
export const isFinished = (status: ExperienceStatus | null | undefined): boolean => status !== undefined && status !== null && STATUS_RANK[status] >= STATUS_RANK.dismissed;

/** Events an operator may name as completing an experience (the person the event is about completes it). */
export const COMPLETING_EVENTS = ['pins.pin.saved.v1', 'pins.board.followed.v1', 'pins.user.followed.v1', 'pins.board.created.v1'] as const;
export type CompletingEvent = (typeof COMPLETING_EVENTS)[number];

/** Who sees an experience; every condition set must hold. */
export const experienceTargetingSchema = z
  .object({
    viewer_types: z.array(viewerTypeSchema).min(1).optional(),
    /** The viewer must be in one of the groups of each named experiment. */
    experiment_groups: z.record(z.enum(EXPERIMENT_NAMES as [ExperimentName, ...ExperimentName[]]), z.array(z.string().min(1)).min(1)).optional(),
    /** Countries (ISO 3166 alpha-2, upper case) of the account, as given at sign-up. */
    countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'A country is two upper-case letters.')).min(1).optional(),
    account_age_days_min: z.number().int().min(0).optional(),
    account_age_days_max: z.number().int().min(0).optional(),
  })
  .strict();
export type ExperienceTargeting = z.infer<typeof experienceTargetingSchema>;

/** What the web app renders: text and where it points (`anchor`: the element it attaches to, if any). */
export const experienceDisplayDataSchema = z
  .object({
    anchor: z.string().max(100).optional(),
    title: z.string().min(1).max(120),
    body: z.string().max(500).optional(),
    button_text: z.string().max(40).optional(),
    button_link: z.string().regex(/^\/[^/]/, 'A button link is a path inside the product, like /search/.').max(500).optional(),
  })
  .strict();
export type ExperienceDisplayData = z.infer<typeof experienceDisplayDataSchema>;

/** An experience as an operator defines it (`npm run admin -- experiences set ...`). */
export const experienceDefinitionSchema = z
  .object({
    placement_id: placementIdSchema,
    experience_id: experienceIdSchema,
    display_data: experienceDisplayDataSchema,
    /** Placed experiences this one triggers when completed. */
    triggerable_placed_exps: z.array(placedExperienceIdSchema).max(20).default([]),
    metadata: z.record(z.string(), z.union([z.string().max(500), z.number(), z.boolean()])).default({}),
    targeting: experienceTargetingSchema.default({}),
    /** Lower first within a placement. */
    priority: z.number().int().min(0).max(1000).default(100),
    /** Shown only once triggered (by another's completion or `PUT .../trigger/`). */
    triggered_only: z.boolean().default(false),
    completed_by_events: z.array(z.enum(COMPLETING_EVENTS)).default([]),
    enabled: z.boolean().default(true),
  })
  .strict();
export type ExperienceDefinition = z.infer<typeof experienceDefinitionSchema>;

/** One experience as a viewer gets it. */
export const userExperienceSchema = z.object({
  experience_id: z.string(),
  placement_id: z.string(),
  placed_experience_id: z.string(),
  display_data: experienceDisplayDataSchema,
  triggerable_placed_exps: z.array(z.string()),
  metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  status: z.enum(EXPERIENCE_STATUSES).nullable(),
});
export type UserExperience = z.infer<typeof userExperienceSchema>;

/** `extra_context`: what the client says about where it is (kept small; informs no decision yet but the trigger's record). */
export const extraContextSchema = z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).refine((o) => Object.keys(o).length <= 20, 'extra_context holds at most 20 entries.');

/** `UserExperienceResource` get: the viewer's experiences at the given placements. */
export const userExperienceOptionsSchema = z.object({
  placement_ids: z.array(placementIdSchema).min(1, 'placement_ids names at least one placement.').max(20),
  extra_context: extraContextSchema.default({}),
  /** Targeting the client adds (e.g. its country from the request), narrowing only. */
  targeting: z.object({ country: z.string().regex(/^[A-Z]{2}$/).optional() }).strict().default({}),
  /** Every eligible experience per placement, in priority order, instead of the first. */
  multi_experience: z.boolean().default(false),
});
/** `UserExperiencePlatformResource` get: the same for every placement of the web platform. */
export const userExperiencePlatformOptionsSchema = userExperienceOptionsSchema.omit({ placement_ids: true });

/** Per placement, its experiences (one at most unless multi_experience). */
export const userExperiencesResponseSchema = z.record(z.string(), z.array(userExperienceSchema));
export type UserExperiencesResponse = z.infer<typeof userExperiencesResponseSchema>;

/** Viewed, completed (or completedWithoutHomefeed) and dismissed: one placed experience's status. */
export const experienceStatusOptionsSchema = z.object({
  placed_experience_id: placedExperienceIdSchema,
  extra_context: extraContextSchema.default({}),
});
export const experienceUpdateOptionsSchema = experienceStatusOptionsSchema.extend({
  status: z.enum(['viewed', 'completed', 'completedWithoutHomefeed']).default('completed'),
});
export const experienceStatusResponseSchema = z.object({ placed_experience_id: z.string(), status: z.enum(EXPERIENCE_STATUSES).nullable() });
export type ExperienceStatusResponse = z.infer<typeof experienceStatusResponseSchema>;

/** `PUT /v3/experiences/{placement:experience}/trigger/`: `extra_context` arrives as a JSON string. */
export const triggerBodySchema = z.object({
  extra_context: z
    .string()
    .max(10_000)
    .default('{}')
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'extra_context must be a JSON string of an object.' });
        return z.NEVER;
      }
    })
    .pipe(extraContextSchema),
});

/** Placements of the web app (its platform's, for UserExperiencePlatformResource). */
export const WEB_PLACEMENTS = ['home_onboarding', 'save_success'] as const;
