import { useDocumentTitle } from '../../../hooks/use-document-title';
import { PublicPage } from '../../../layout/public-page';
import { AudienceSection } from './audience-section';
import { CallToActionSection } from './cta-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { StatsStrip } from './stats-strip';
import { TestimonialsSection } from './testimonials-section';
import { WhyChooseSection } from './why-choose-section';

/** The public landing page (/): the product, its features and the ways to get it. */
export function LandingPage() {
  useDocumentTitle();
  return (
    <PublicPage>
      <HeroSection />
      <StatsStrip />
      <FeaturesSection />
      <WhyChooseSection />
      <HowItWorksSection />
      <AudienceSection />
      <TestimonialsSection />
      <CallToActionSection />
      <FaqSection />
    </PublicPage>
  );
}
