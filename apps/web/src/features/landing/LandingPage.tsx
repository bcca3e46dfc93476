import { Suspense } from 'react';
import { Box } from '@mantine/core';
import { FeatureSections } from './FeatureSections';
import { GetStarted } from './GetStarted';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LandingFooter } from './LandingFooter';

/**
 * Public landing page of spec §1. The build draws it in advance and the app hydrates it
 * (DECISIONS.md #121); each section is a boundary of its own, so React takes the drawn page over
 * section by section, letting the browser answer a tap between them, not in one long task.
 */
export function LandingPage() {
  return (
    <Box>
      <Suspense>
        <Hero />
      </Suspense>
      <Suspense>
        <FeatureSections />
      </Suspense>
      <Suspense>
        <HowItWorks />
      </Suspense>
      <Suspense>
        <GetStarted />
      </Suspense>
      <Suspense>
        <LandingFooter />
      </Suspense>
    </Box>
  );
}
