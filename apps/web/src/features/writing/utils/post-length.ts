import type { Platform } from '@plume/core';

export const PLATFORM_NAMES: Record<Platform, string> = { x: 'X', bluesky: 'Bluesky' };
