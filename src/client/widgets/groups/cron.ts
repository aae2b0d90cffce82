import { connect } from '@formily/react';
import CronWidget from '../cron/JEasyCron';

export const JEasyCron = connect(CronWidget);
