import { ClosingCtaBand } from './closing-cta-band.tsx';
import { FeaturesSection } from './features-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { LandingHero } from './landing-hero.tsx';
import { PricingSection } from './pricing-section.tsx';

/** The public front page: the promise, how it works, features, pricing and a last call to act. */
export function LandingPage() {
  return (
    <>
      <LandingHero />
      <HowItWorksSection />
      <FeaturesSection />
      <PricingSection />
      <ClosingCtaBand />
    </>
  );
}
