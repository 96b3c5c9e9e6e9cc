import { z } from 'zod';
import { PLATFORMS } from './platforms';

/** A platform as the API names it (`x`, `bluesky`). */
export const platformSchema = z.enum(PLATFORMS);
