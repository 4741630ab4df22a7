// The front page and the error page: the two pages anyone may land on without context.
import { MONITOR_CREDITS_PER_MONTH } from '../../../domain/ledger/pricing.js';
import { renderDocument, type PageContext } from '../layout.js';
import { MessagePage } from './frames.js';
import { ButtonLink, Card } from './parts.js';

const COUNTRIES = ['United Kingdom', 'Germany', 'France'];
const INSURANCE_TYPES = ['Motor', 'Travel', 'Health'];

const FEATURES: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Sync, async and batch',
    text: 'Answer one policy at once, start a job with a signed webhook callback, or send a batch of up to 100.',
  },
  {
    title: 'PDF extraction',
    text: 'Upload a policy document: the policy number and fields are read from it by OCR and checked.',
  },
  {
    title: 'Registers, not guesses',
    text: 'Policy number formats, the regulators’ registers of insurers and country registries, with a confidence score.',
  },
  {
    title: 'Public datasets',
    text: 'Inflation, interest rates, house prices, energy and more: read-only, with freshness, series and sparklines.',
  },
];

export function homePage(ctx: PageContext): string {
  return renderDocument({
    ctx,
    title: 'Insurance policy verification API',
    bodyClass: 'page-home',
    children: (
      <>
        <section class="hero" aria-labelledby="hero-heading">
          <p class="eyebrow">Policy Verification API</p>
          <h1 id="hero-heading">Check an insurance policy in one API call</h1>
          <p class="lead">
            Verify motor, travel and health policies from the UK, Germany and France against number formats and the
            insurers’ registers, and read public datasets from the same service.
          </p>
          <p class="actions">
            <ButtonLink href="/portal" kind="primary" large>
              Get a key
            </ButtonLink>
            <ButtonLink href="/docs" kind="secondary" large>
              Read the docs
            </ButtonLink>
            <ButtonLink href="/datasets" kind="secondary" large>
              Browse datasets
            </ButtonLink>
          </p>
        </section>
        <section aria-labelledby="features-heading">
          <h2 id="features-heading" class="section-heading">
            What it does
          </h2>
          <div class="cards">
            {FEATURES.map((feature) => (
              <div class="card" key={feature.title}>
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </div>
            ))}
          </div>
        </section>
        <div class="split">
          <Card id="coverage-heading" heading="Coverage">
            <p>Every combination of these countries and insurance types:</p>
            <div class="coverage">
              <ul class="tag-list" aria-label="Countries">
                {COUNTRIES.map((country) => (
                  <li key={country}>{country}</li>
                ))}
              </ul>
              <ul class="tag-list" aria-label="Insurance types">
                {INSURANCE_TYPES.map((type) => (
                  <li key={type}>{type}</li>
                ))}
              </ul>
            </div>
          </Card>
          <Card id="start-heading" heading="Start free">
            <p>
              The free plan has 10 credits a month for live checks: a verified or unverified answer costs 1, a policy
              monitor {MONITOR_CREDITS_PER_MONTH} for each month it watches. Test keys answer from a sandbox at no cost.
              Take a key with your e-mail address, or with just a name for a test key.
            </p>
            <p>
              <a href="/portal">Get a key in a minute</a>
            </p>
          </Card>
        </div>
      </>
    ),
  });
}

export function errorPage(ctx: PageContext, props: { status: number; title: string; message: string }): string {
  return MessagePage({
    ctx,
    title: props.title,
    eyebrow: `Error ${props.status}`,
    children: (
      <>
        <p class="lead">{props.message}</p>
        <p class="actions">
          <ButtonLink href="/" kind="secondary">
            Home
          </ButtonLink>
          <ButtonLink href="/docs" kind="secondary">
            Docs
          </ButtonLink>
        </p>
      </>
    ),
  });
}
