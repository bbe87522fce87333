import type { ExperienceDefinition } from '@pinhive/contracts';

/**
 * The experiences a new stack starts with: the two onboarding steps above the home feed. Seeded
 * once per database (an operator's later edits or disabling are kept: service.ts runs this as a
 * one-time carry-over), then edited as data like any other.
 */
export const STARTING_EXPERIENCES: ExperienceDefinition[] = [
  {
    placement_id: 'home_onboarding',
    experience_id: 'save_first_pin',
    display_data: {
      anchor: 'home-feed',
      title: 'Save your first Pin',
      body: 'Find an idea you love and save it to a board, so you can come back to it.',
      button_text: 'Find ideas',
      button_link: '/search/pins/?q=ideas&rs=typed',
    },
    triggerable_placed_exps: [],
    metadata: { step: 1, steps: 2 },
    targeting: { viewer_types: ['AUTH', 'PARTNER', 'ADVERTISER'] },
    priority: 10,
    triggered_only: false,
    completed_by_events: ['pins.pin.saved.v1'],
    enabled: true,
  },
  {
    placement_id: 'home_onboarding',
    experience_id: 'follow_boards_or_people',
    display_data: {
      anchor: 'home-feed',
      title: 'Follow boards or people',
      body: 'Follow what inspires you: their new Pins fill your home feed.',
      button_text: 'Find people',
      button_link: '/search/users/?q=ideas&rs=typed',
    },
    triggerable_placed_exps: [],
    metadata: { step: 2, steps: 2 },
    targeting: { viewer_types: ['AUTH', 'PARTNER', 'ADVERTISER'] },
    priority: 20,
    triggered_only: false,
    completed_by_events: ['pins.board.followed.v1', 'pins.user.followed.v1'],
    enabled: true,
  },
];
