// The front page and the error page: the two pages anyone may land on without context.
import { renderDocument, type PageContext } from '../layout.js';

const COUNTRIES = ['United Kingdom', 'Germany', 'France'];
const INSURANCE_TYPES = ['Motor', 'Travel', 'Health'];

const FEATURES: ReadonlyArray<{ title: string; text: string }> = [
  { title: 'Sync, async and batch', text: 'Answer one policy at once, start a job with a signed webhook callback, or send a batch of up to 100.' },
  { title: 'PDF extraction', text: 'Upload a policy document: the policy number and fields are read from it by OCR and checked.' },
  { title: 'Registers, not guesses', text: 'Policy number formats, the regulators’ registers of insurers and country registries, with a confidence score.' },
  { title: 'Public datasets', text: 'Inflation, interest rates, house prices, energy and more: read-only, with freshness, series and sparklines.' },
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
            <a class="button button-primary button-large" href="/portal">
              Get a key
            </a>
            <a class="button button-secondary button-large" href="/docs">
              Read the docs
            </a>
            <a class="button button-secondary button-large" href="/datasets">
              Browse datasets
            </a>
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
          <section class="card" aria-labelledby="coverage-heading">
            <h2 id="coverage-heading">Coverage</h2>
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
          </section>
          <section class="card" aria-labelledby="start-heading">
            <h2 id="start-heading">Start free</h2>
            <p>
              The free plan has 10 credits a month for live checks, and test keys answer from a sandbox at no cost.
              Take a key with your e-mail address, or with just a name for a test key.
            </p>
            <p>
              <a href="/portal">Get a key in a minute</a>
            </p>
          </section>
        </div>
      </>
    ),
  });
}

export function errorPage(ctx: PageContext, props: { status: number; title: string; message: string }): string {
  return renderDocument({
    ctx,
    title: props.title,
    bodyClass: 'page-narrow',
    children: (
      <section class="card message">
        <p class="eyebrow">Error {props.status}</p>
        <h1>{props.title}</h1>
        <p class="lead">{props.message}</p>
        <p class="actions">
          <a class="button button-secondary" href="/">
            Home
          </a>
          <a class="button button-secondary" href="/docs">
            Docs
          </a>
        </p>
      </section>
    ),
  });
}
