import { z } from 'zod';
import { EXPORT_USER_DATA, type YourDataService } from '../modules/your-data/your-data.service';
import { defineJob, type JobDefinition } from './queue';

/** Prepares one export of a user's data (issue 34): the archive, then the notification and e-mail. */
export function yourDataJobs(yourData: Pick<YourDataService, 'runExport'>): JobDefinition[] {
  return [
    defineJob({
      name: EXPORT_USER_DATA,
      payload: z.object({ exportId: z.uuid() }),
      handler: ({ exportId }) => yourData.runExport(exportId),
    }),
  ];
}
