import { CallToActionSection } from '../landing/CallToActionSection';
import { FaqSection } from '../landing/FaqSection';
import { HeroSection } from '../landing/HeroSection';
import { HowItWorksSection } from '../landing/HowItWorksSection';
import { SafetySection } from '../landing/SafetySection';
import { SearchWidgetSlot } from '../landing/SearchWidgetSlot';
import { ServiceSection } from '../landing/ServiceSection';
import { WhyChooseSection } from '../landing/WhyChooseSection';

/** `/`: the public landing page (the shell adds the public header and footer). */
export default function LandingPage() {
  return (
    <>
      <HeroSection />
      <SearchWidgetSlot />
      <ServiceSection />
      <WhyChooseSection />
      <HowItWorksSection />
      <SafetySection />
      <FaqSection />
      <CallToActionSection />
    </>
  );
}
