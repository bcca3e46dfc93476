import { Box } from '@mantine/core';
import { FeatureSections } from './FeatureSections';
import { GetStarted } from './GetStarted';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LandingFooter } from './LandingFooter';

/** Public landing page of spec §1. */
export function LandingPage() {
  return (
    <Box>
      <Hero />
      <FeatureSections />
      <HowItWorks />
      <GetStarted />
      <LandingFooter />
    </Box>
  );
}
