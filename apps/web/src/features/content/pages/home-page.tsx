import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { pageData } from '../../../lib/page-data.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { AccountActions } from '../components/account-actions.tsx';
import styles from '../components/content.module.css';
import { HeroIllustration } from '../components/hero-illustration.tsx';
import { type ContentCard, useContent } from '../hooks/use-content.ts';

/** The front page reads no data: its texts come with its code (content.json). */
export const loader = pageData(() => []);

/**
 * Where each card of "what you can do" leads (by the card's id in content.json). Pages of the
 * signed-in area send a visitor to log in first and back afterwards.
 */
const FEATURE_HREFS: Record<string, string> = {
  register: paths.app.bikesRegister.getHref(),
  theft: paths.app.myBikesReportStolen.getHref(),
  found: paths.public.search.getHref(),
  transfer: paths.app.bikesOwnershipPortal.getHref(),
  search: paths.public.search.getHref(),
  map: paths.public.stolenBikeMap.getHref(),
};

/** The public front page: what the register is, what it does, and the way in. */
export function Component() {
  const { t, list } = useContent();
  const features = list<ContentCard & { id: string }>('home.features.items');
  const steps = list<ContentCard>('home.steps.items');
  const who = list<string>('home.who.paragraphs');

  return (
    <div className={styles.home}>
      <PageTitle title={t('home.title')} />
      <section className={styles.hero} aria-labelledby="home-heading">
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('home.hero.eyebrow')}</p>
            <h1 id="home-heading" className={styles.heroTitle} tabIndex={-1} data-page-heading="">
              {t('home.hero.heading')}
            </h1>
            <p className={styles.heroLead}>{t('home.hero.lead')}</p>
            <AccountActions signupLabel={t('home.hero.signup')} loginLabel={t('home.hero.login')} />
            <p className={styles.heroMore}>
              <Link to={paths.content.howItWorks.getHref()}>{t('home.hero.howItWorks')}</Link>
            </p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className={styles.band} aria-labelledby="home-features-heading">
        <h2 id="home-features-heading" className={styles.bandHeading}>
          {t('home.features.heading')}
        </h2>
        <ul className={styles.cards}>
          {features.map((feature) => (
            <li key={feature.title} className={`${styles.card} ${styles.linkCard}`}>
              <h3 className={styles.cardTitle}>
                {/* The whole card is the link's target area (its ::after); the title is its name. */}
                <Link to={FEATURE_HREFS[feature.id] ?? paths.content.howItWorks.getHref()}>
                  {feature.title}
                </Link>
              </h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.band} aria-labelledby="home-steps-heading">
        <h2 id="home-steps-heading" className={styles.bandHeading}>
          {t('home.steps.heading')}
        </h2>
        <ol className={styles.homeSteps}>
          {steps.map((step, index) => (
            <li key={step.title} className={styles.homeStep}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3 className={styles.cardTitle}>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <p>
          <Link to={paths.content.howItWorks.getHref()}>{t('home.steps.more')}</Link>
        </p>
      </section>

      <section className={styles.band} aria-labelledby="home-who-heading">
        <h2 id="home-who-heading" className={styles.bandHeading}>
          {t('home.who.heading')}
        </h2>
        {who.map((paragraph) => (
          <p key={paragraph} className={styles.measure}>
            {paragraph}
          </p>
        ))}
        <ul className={styles.inlineLinks}>
          <li>
            <Link to={paths.content.ourMission.getHref()}>{t('home.who.mission')}</Link>
          </li>
          <li>
            <Link to={paths.content.advisoryBoard.getHref()}>{t('home.who.board')}</Link>
          </li>
        </ul>
      </section>

      <section className={styles.band} aria-labelledby="home-cta-heading">
        <div className={styles.callout}>
          <h2 id="home-cta-heading" className={styles.calloutHeading}>
            {t('home.cta.heading')}
          </h2>
          <p>{t('home.cta.text')}</p>
          <AccountActions signupLabel={t('home.cta.signup')} loginLabel={t('home.cta.login')} />
        </div>
      </section>
    </div>
  );
}
