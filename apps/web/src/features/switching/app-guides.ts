/** How to get each app's export, and which files its upload takes (DECISIONS.md #98). */
import { SWITCHING_APPS, SWITCHING_APP_NAMES, type SwitchingApp } from '@mindspend/domain';

export interface AppGuide {
  app: SwitchingApp;
  name: string;
  /** Where the export is made in the app, in its own words. */
  howTo: string;
  fileLabel: string;
  accept: string;
  /** YNAB's register CSV may come with its budget CSV. */
  takesBudget: boolean;
}

const GUIDES: Record<SwitchingApp, Omit<AppGuide, 'app' | 'name'>> = {
  ynab: {
    howTo: 'In YNAB, open the budget menu and choose Export budget. Upload the zip it saves, or its Register CSV (with the Plan or Budget CSV beside it).',
    fileLabel: 'YNAB export (zip or register CSV)',
    accept: '.zip,.csv,application/zip,text/csv',
    takesBudget: true,
  },
  actual: {
    howTo: 'In Actual Budget, open Settings and choose Export data. Upload the zip it saves.',
    fileLabel: 'Actual Budget export (zip)',
    accept: '.zip,application/zip',
    takesBudget: false,
  },
  firefly: {
    howTo: 'In Firefly III, open Export data and export all transactions. Upload the CSV it saves.',
    fileLabel: 'Firefly III transactions export (CSV)',
    accept: '.csv,text/csv',
    takesBudget: false,
  },
  mint: {
    howTo: 'In Mint, open Transactions and choose Export all transactions. Upload the CSV it saved.',
    fileLabel: 'Mint transactions export (CSV)',
    accept: '.csv,text/csv',
    takesBudget: false,
  },
};

export const APP_GUIDES: readonly AppGuide[] = SWITCHING_APPS.map((app) => ({ app, name: SWITCHING_APP_NAMES[app], ...GUIDES[app] }));

export function guideOf(app: SwitchingApp): AppGuide {
  return APP_GUIDES.find((guide) => guide.app === app) ?? { app, name: SWITCHING_APP_NAMES[app], ...GUIDES[app] };
}
