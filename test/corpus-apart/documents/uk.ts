// British paperwork: motor certificates in the statutory numbered form, renewal letters, e-mails printed from a
// browser, endorsements, broker letters; travel vouchers and tour operators' confirmations; private medical
// insurance membership papers.
import {
  addDays,
  companyNumber,
  en,
  fcaFrn,
  iban,
  nhsNumber,
  Rng,
  someDay,
  ukPassport,
  ukPhone,
  ukPlate,
  vin,
  yearLater,
  pnr,
  type Day,
} from '../formats.js';
import type { Draft } from './draft.js';

const HOLDERS = [
  'Mr Daniel Ashworth',
  'Ms Priya Raman',
  'Mrs Eleanor Whitfield',
  'Mr Tomasz Nowicki',
  'Miss Abigail Okafor',
  'Mr Callum Fraser',
  'Dr Helen Marsh',
];
const STREETS = [
  '14 Larch Close, Kendal LA9 7QT',
  '3 Mill Lane, Ludlow SY8 1BQ',
  'Flat 2, 88 Harcourt Road, Sheffield S10 1DH',
  '27 Orchard Rise, Taunton TA1 4XS',
  '5 Kingfisher Way, Norwich NR4 6LP',
];
const CARS = [
  'Ford Fiesta 1.0 EcoBoost Titanium',
  'Vauxhall Corsa 1.2 SE',
  'Volkswagen Golf 1.5 TSI Life',
  'Toyota Yaris 1.5 Hybrid Icon',
  'Kia Sportage 1.6 T-GDi GT-Line',
  'Nissan Qashqai 1.3 DiG-T Acenta',
];

const letterNo = (rng: Rng, letters: string, digits: number) => `${letters}${rng.digits(digits)}`;

export function ukDocuments(rng: Rng): Draft[] {
  const out: Draft[] = [];
  const holder = () => rng.pick(HOLDERS);
  const address = () => rng.pick(STREETS);

  // 1. Certificate of Motor Insurance, statutory numbered style, direct insurer with a brand.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const plate = ukPlate(rng, someDay(rng, 2017, 2023));
    const policy = letterNo(rng, 'CHM', 9);
    const certificate = `${rng.digits(4)}${rng.letters(2)}${rng.digits(5)}`;
    out.push({
      id: 'uk-motor-certificate-brand',
      country: 'UK',
      type: 'motor',
      language: 'en',
      look: { family: 'serif', size: 10, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: ['Churchill Car Insurance', 'The Wharf, Bromley BR1 1DP'],
          right: [`Customer services ${ukPhone(rng, 'nongeo')}`, `Claims ${ukPhone(rng, 'freephone')}`],
        },
        { t: 'title', text: 'CERTIFICATE OF MOTOR INSURANCE' },
        {
          t: 'kv',
          rows: [
            ['Certificate number', certificate],
            ['Policy number', policy],
          ],
        },
        {
          t: 'kv',
          labelWidth: 250,
          rows: [
            ['1. Registration mark of vehicle', plate],
            ['2. Name of policyholder', holder()],
            [
              '3. Effective date of the commencement of insurance for the purposes of the relevant law',
              `00:01 hours on ${en.long(start)}`,
            ],
            ['4. Date of expiry of insurance', `Midnight on ${en.long(end)}`],
            [
              '5. Persons or classes of persons entitled to drive',
              'The policyholder. Any person named below provided that the person driving holds a licence to drive the vehicle. Mrs Joanne Ashworth',
            ],
            [
              '6. Limitations as to use',
              'Use for social, domestic and pleasure purposes and by the policyholder in person in connection with his or her business. The policy does not cover use for hire or reward, racing, pace-making or commercial travelling.',
            ],
          ],
        },
        {
          t: 'p',
          text: 'I hereby certify that the policy to which this certificate relates satisfies the requirements of the relevant law applicable in Great Britain, Northern Ireland, the Isle of Man, the Island of Guernsey, the Island of Jersey and the Island of Alderney.',
        },
        { t: 'p', text: 'Authorised Insurers: U K Insurance Limited' },
        { t: 'p', text: 'Signed ............................................  Chief Executive, U K Insurance Limited' },
        {
          t: 'small',
          text: `Churchill is a trading name of U K Insurance Limited. Registered office: The Wharf, Neville Street, Leeds LS1 4AZ. Registered in England and Wales No. ${companyNumber(rng)}. U K Insurance Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Financial Services Register number ${fcaFrn(rng)}).`,
        },
        {
          t: 'small',
          text: 'Advice to third parties: nothing contained in this certificate affects your right as a third party to make a claim.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'U K Insurance Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 2. Certificate through a broker: the broker's FRN and number lead the page.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const plate = ukPlate(rng, someDay(rng, 2015, 2022));
    const policy = `CV/${rng.digits(7)}/01`;
    const frn = fcaFrn(rng);
    out.push({
      id: 'uk-motor-certificate-broker',
      country: 'UK',
      type: 'motor',
      language: 'en',
      look: { family: 'sans', size: 9.5, margin: 50 },
      blocks: [
        {
          t: 'head',
          left: ['Pennine Motor Brokers Ltd', '41 Market Street, Skipton BD23 1HZ'],
          right: [`Tel: ${ukPhone(rng, 'national')}`, `FCA FRN ${frn}`, `Company No. ${companyNumber(rng)}`],
        },
        { t: 'title', text: 'Certificate of Motor Insurance' },
        {
          t: 'p',
          text: `Issued on behalf of Covea Insurance plc. Certificate No. ${rng.digits(8)}   Policy No. ${policy}`,
        },
        {
          t: 'kv',
          labelWidth: 230,
          rows: [
            ['1. Index mark and description of vehicle', `${plate} ${rng.pick(CARS)}`],
            ['2. Name of policyholder', holder()],
            [
              '3. Effective date of the commencement of insurance for the purposes of the relevant law',
              `${en.slash(start)} at 12:01`,
            ],
            ['4. Date of expiry of insurance', `${en.slash(end)} at 23:59`],
            [
              '5. Persons or classes of persons entitled to drive',
              'The policyholder and any person named in the schedule, provided that the person driving holds a licence to drive the vehicle and is not disqualified from holding or obtaining such a licence.',
            ],
            [
              '6. Limitations as to use',
              'Social, domestic and pleasure purposes including commuting. Excludes use for hire or reward, racing or competitions.',
            ],
          ],
        },
        {
          t: 'p',
          text: 'We hereby certify that the policy to which this certificate relates satisfies the requirements of the relevant law applicable in Great Britain, Northern Ireland, the Isle of Man, the Island of Guernsey, the Island of Jersey and the Island of Alderney.',
        },
        { t: 'p', text: 'Covea Insurance plc, Authorised Insurers' },
        {
          t: 'small',
          text: `Pennine Motor Brokers Ltd is authorised and regulated by the Financial Conduct Authority, firm reference number ${frn}. Registered in England and Wales. Calls may be recorded.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Covea Insurance plc',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 3. Renewal letter: the period only in prose, the plate with no label.
  {
    const start = someDay(rng, 2026, 2027);
    const end = yearLater(start);
    const plate = ukPlate(rng, someDay(rng, 2018, 2024));
    const policy = `${rng.digits(10)}`;
    const letterDate = addDays(start, -24);
    out.push({
      id: 'uk-motor-renewal-prose',
      country: 'UK',
      type: 'motor',
      language: 'en',
      look: { family: 'dejavu', size: 9.5, margin: 58 },
      blocks: [
        { t: 'head', left: ['LV= Car Insurance', 'County Gates, Bournemouth BH1 2NF'], right: [en.long(letterDate)] },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'p', text: `Policy number: ${policy}` },
        { t: 'h', text: `Your car insurance renewal - ${rng.pick(CARS)} ${plate}` },
        {
          t: 'p',
          text: `Thank you for insuring your car with us. Your cover will renew automatically on ${en.long(start)} and run until ${en.long(end)}, so you don't need to do anything unless your details have changed.`,
        },
        {
          t: 'p',
          text: `Your premium for the coming year is £612.48, which we will collect in 12 monthly instalments from your account ending ${rng.digits(4)}. If you'd like to talk about your renewal, call us on ${ukPhone(rng, 'nongeo')} (Monday to Friday 8am to 8pm) or from abroad on ${ukPhone(rng, 'international')}.`,
        },
        {
          t: 'p',
          text: 'Last year you paid £574.10. Please check your documents carefully and tell us about any changes.',
        },
        { t: 'p', text: 'Yours sincerely,\nCustomer Services' },
        {
          t: 'small',
          text: `LV= and Liverpool Victoria are registered trademarks of Liverpool Victoria Financial Services Limited and are used under licence. LV= car insurance is underwritten by Liverpool Victoria Insurance Company Limited, registered in England and Wales number ${companyNumber(rng)}, authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority, register number ${fcaFrn(rng)}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Liverpool Victoria Insurance Company Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 4. E-mail confirmation printed from a browser: the sent date and the print date are not the cover's.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const sent = addDays(start, -rng.int(3, 20));
    const plate = ukPlate(rng, someDay(rng, 2019, 2024));
    const policy = letterNo(rng, 'HD', 8);
    out.push({
      id: 'uk-motor-email',
      country: 'UK',
      type: 'motor',
      language: 'en',
      look: {
        family: 'sans',
        size: 10,
        margin: 46,
        printHeader: [`${en.slash(addDays(sent, 1))}, 09:42`, 'Mail - Your Hastings Direct car insurance documents'],
        printFooter: ['https://outlook.live.com/mail/0/inbox/id/AQMkADAwATM3ZmYAZS1', '{page}'],
      },
      blocks: [
        {
          t: 'mono',
          lines: [
            'From: Hastings Direct <noreply@documents.example-hastings.co.uk>',
            `Sent: ${en.withDay(sent)} 18:06`,
            `To: ${holder().split(' ').slice(1).join('.').toLowerCase()}@example.com`,
            'Subject: Your car insurance documents are ready',
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Hi there,' },
        {
          t: 'p',
          text: `Thanks for choosing Hastings Direct. Your policy ${policy} is all set up and your documents are attached to this email.`,
        },
        {
          t: 'table',
          rows: [
            ['Car', 'Reg', 'Cover'],
            [rng.pick(CARS), plate, 'Comprehensive'],
          ],
        },
        { t: 'p', text: `Your cover starts at 00:01 on ${en.ordinal(start)} and ends at 23:59 on ${en.ordinal(end)}.` },
        {
          t: 'p',
          text: `Need to make a claim? Call us free on ${ukPhone(rng, 'freephone')}. From outside the UK: ${ukPhone(rng, 'international')}.`,
        },
        {
          t: 'small',
          text: `Hastings Direct is a trading name of Advanced Insurance Solutions Limited, registered in England and Wales No. ${companyNumber(rng)}, authorised and regulated by the Financial Conduct Authority (FRN ${fcaFrn(rng)}). Your car insurance is underwritten by Advantage Insurance Company Limited, registered in Gibraltar.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Advantage Insurance Company Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 5. Endorsement: the old and the replacement vehicle; the change's own date is not the period.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const change = addDays(start, rng.int(40, 200));
    const oldPlate = ukPlate(rng, someDay(rng, 2012, 2016));
    const newPlate = ukPlate(rng, someDay(rng, 2021, 2025));
    const policy = letterNo(rng, 'AV', 8);
    out.push({
      id: 'uk-motor-endorsement',
      country: 'UK',
      type: 'motor',
      language: 'en',
      look: { family: 'condensed', size: 9.5, margin: 52 },
      blocks: [
        { t: 'head', left: ['Aviva', 'Pitheavlis, Perth PH2 0NH'], right: [`Date of issue: ${en.slash(change)}`] },
        { t: 'title', text: 'Motor Insurance Endorsement - Change of Vehicle' },
        {
          t: 'kv',
          rows: [
            ['Policyholder', holder()],
            ['Policy number', policy],
            ['Period of insurance', `${en.slash(start)} to ${en.slash(end)}`],
            ['Endorsement effective', `${en.slash(change)} at 14:30`],
          ],
        },
        { t: 'h', text: 'Vehicle details' },
        {
          t: 'table',
          rows: [
            ['', 'Registration', 'Make and model'],
            ['Vehicle removed', oldPlate, 'Honda Jazz 1.4 EX'],
            ['Replacement vehicle', newPlate, rng.pick(CARS)],
          ],
        },
        {
          t: 'p',
          text: `With effect from the date shown, the replacement vehicle ${newPlate} is insured under this policy in place of the vehicle previously described. All other terms, conditions and exceptions remain unchanged. Additional premium charged: £38.20.`,
        },
        {
          t: 'small',
          text: `Aviva Insurance Limited. Registered in Scotland No. SC002116. Registered office: Pitheavlis, Perth PH2 0NH. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Firm Reference Number ${fcaFrn(rng)}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Aviva Insurance Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: newPlate,
      },
    });
  }

  // 6. Broker's cover letter: its own numbers everywhere, the underwriter named once, a plate in brackets.
  {
    const start = someDay(rng, 2026, 2027);
    const end = yearLater(start);
    const plate = ukPlate(rng, someDay(rng, 2016, 2023));
    const policy = `AGM${rng.digits(7)}`;
    const frn = fcaFrn(rng);
    out.push({
      id: 'uk-motor-broker-letter',
      country: 'UK',
      type: 'motor',
      language: 'en',
      look: { family: 'serif', size: 10.5, margin: 60 },
      blocks: [
        {
          t: 'head',
          left: ['Harcourt & Vale Insurance Services', 'Unit 4, Riverside Court, Chester CH1 4QS'],
          right: [ukPhone(rng, 'national'), ukPhone(rng, 'international'), `FRN ${frn}`],
        },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'p', text: `Our reference: HV/${rng.digits(6)}` },
        { t: 'p', text: 'Dear Customer,' },
        {
          t: 'p',
          text: `We are pleased to confirm that we have arranged your motor insurance for your ${rng.pick(CARS)} (${plate}). Your insurance is underwritten by Ageas Insurance Limited and your policy number is ${policy}.`,
        },
        {
          t: 'p',
          text: `The policy runs from ${en.long(start)} to ${en.long(end)} inclusive. Your certificate of motor insurance is enclosed. Please keep it in a safe place.`,
        },
        {
          t: 'p',
          text: `If you need to contact us, please quote our reference. Our office is open from 9am to 5pm; outside those hours the Ageas claims line is available on ${ukPhone(rng, 'freephone')}.`,
        },
        { t: 'p', text: 'Yours faithfully,\nSarah Pennington\nAccount Executive' },
        {
          t: 'small',
          text: `Harcourt & Vale Insurance Services is a trading name of H&V Brokers Limited, registered in England No. ${companyNumber(rng)}. Authorised and regulated by the Financial Conduct Authority, firm reference number ${frn}. You can check this on the Financial Services Register.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Ageas Insurance Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 7. Single-trip voucher sold under a bank's brand: purchase date, trip dates, assistance partner.
  {
    const bought = someDay(rng, 2026, 2026);
    const depart = addDays(bought, rng.int(20, 120));
    const back = addDays(depart, rng.int(6, 20));
    const policy = `THB${rng.digits(8)}`;
    out.push({
      id: 'uk-travel-voucher-bank-brand',
      country: 'UK',
      type: 'travel',
      language: 'en',
      look: { family: 'sans', size: 9.5, margin: 48 },
      blocks: [
        {
          t: 'head',
          left: ['Thistle & Harbour Bank Travel Insurance', 'Policy confirmation'],
          right: [`Issued ${en.short(bought)}`],
        },
        {
          t: 'kv',
          rows: [
            ['Policy number', policy],
            ['Lead traveller', holder()],
            ['Passport number', ukPassport(rng)],
            ['Cover type', 'Single Trip - Europe excluding Spain, Cyprus, Malta and Turkey'],
            ['Date purchased', en.short(bought)],
            ['Departure date', en.short(depart)],
            ['Return date', en.short(back)],
            ['Premium', '£34.17 including Insurance Premium Tax'],
          ],
        },
        {
          t: 'p',
          text: 'Cancellation cover starts on the date purchased. All other sections start when you leave home to begin your trip and end when you return home, or on the return date, whichever is sooner.',
        },
        { t: 'h', text: 'Emergency medical assistance' },
        {
          t: 'p',
          text: `24-hour assistance is provided by Meridian Assist Limited. Call ${ukPhone(rng, 'international')} and quote your policy number.`,
        },
        {
          t: 'small',
          text: `Thistle & Harbour Bank Travel Insurance is underwritten by U K Insurance Limited. Thistle & Harbour Bank plc acts as an introducer and is not the insurer. U K Insurance Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority, FRN ${fcaFrn(rng)}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'U K Insurance Limited',
        start_date: depart,
        end_date: back,
        vehicle_registration: null,
      },
    });
  }

  // 8. Annual multi-trip: the policy year is the period; the purchase date comes before it.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const bought = addDays(start, -rng.int(5, 30));
    const policy = `WFC-${rng.digits(3)}-${rng.digits(5)}`;
    out.push({
      id: 'uk-travel-annual',
      country: 'UK',
      type: 'travel',
      language: 'en',
      look: { family: 'dejavu', size: 9.5, margin: 54 },
      blocks: [
        {
          t: 'head',
          left: ['Wayfarer Cover', 'Annual Multi-Trip Travel Insurance'],
          right: [`Customer helpline ${ukPhone(rng, 'nongeo')}`],
        },
        { t: 'title', text: 'Policy Schedule' },
        {
          t: 'kv',
          rows: [
            ['Policy reference', policy],
            ['Purchase date', en.slash(bought)],
            ['Period of insurance', `${en.slash(start)} - ${en.slash(end)}`],
            ['Area of travel', 'Worldwide including USA, Canada and the Caribbean'],
            ['Maximum trip duration', '31 days'],
            ['Insured persons', `${holder()}, Mrs Laura Ashworth`],
          ],
        },
        {
          t: 'p',
          text: 'Any single trip must start and end within the period of insurance. Winter sports cover is not included.',
        },
        {
          t: 'small',
          text: `Wayfarer Cover is a trading name of Wayfarer Travel Services Ltd (FCA FRN ${fcaFrn(rng)}), which arranges this insurance. The insurance is underwritten by AXA Insurance UK plc. Medical emergency assistance is provided by AXA Assistance (UK) Limited.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'AXA Insurance UK plc',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 9. Travel e-mail: the trip in a sentence, the e-mail's date above it.
  {
    const sent = someDay(rng, 2026, 2026);
    const depart = addDays(sent, rng.int(14, 90));
    const back = addDays(depart, rng.int(4, 15));
    const policy = `${rng.digits(9)}`;
    out.push({
      id: 'uk-travel-email-sentence',
      country: 'UK',
      type: 'travel',
      language: 'en',
      look: {
        family: 'sans',
        size: 10,
        margin: 46,
        printHeader: [`${en.slash(sent)}, 21:17`, 'Gmail - Your Aviva travel insurance'],
        printFooter: ['https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJWbk', '{page}'],
      },
      blocks: [
        {
          t: 'mono',
          lines: [
            'From: Aviva <aviva@email.example-aviva.co.uk>',
            `Date: ${en.withDay(sent)} at 20:55`,
            'Subject: Your single trip travel insurance',
          ],
        },
        { t: 'rule' },
        { t: 'p', text: `Dear ${holder()},` },
        {
          t: 'p',
          text: `Thank you for buying Aviva single trip travel insurance. Your policy number is ${policy}. You're covered for your trip from ${en.long(depart)} until ${en.long(back)}, and cancellation cover started today.`,
        },
        {
          t: 'p',
          text: `Booking reference for your flights (for your records): ${pnr(rng)}. If you need emergency medical help abroad, call ${ukPhone(rng, 'international')}.`,
        },
        {
          t: 'small',
          text: `Aviva travel insurance is underwritten by Aviva Insurance Limited. Registered in Scotland, No. SC002116. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Firm Reference Number ${fcaFrn(rng)}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Aviva Insurance Limited',
        start_date: depart,
        end_date: back,
        vehicle_registration: null,
      },
    });
  }

  // 10. Tour operator's confirmation with the package's insurance: ATOL, ABTA, booking and flight references.
  {
    const booked = someDay(rng, 2026, 2026);
    const depart = addDays(booked, rng.int(30, 160));
    const back = addDays(depart, rng.pick([7, 10, 14]));
    const policy = `SUN${rng.digits(7)}`;
    const booking = `${rng.digits(8)}`;
    out.push({
      id: 'uk-travel-tour-operator',
      country: 'UK',
      type: 'travel',
      language: 'en',
      look: { family: 'condensed', size: 9.5, margin: 44 },
      blocks: [
        {
          t: 'head',
          left: ['Sunward Holidays', 'Booking confirmation and travel insurance certificate'],
          right: [`ATOL ${rng.int(2000, 11999)}`, `ABTA P${rng.digits(4)}`, ukPhone(rng, 'national')],
        },
        {
          t: 'kv',
          rows: [
            ['Booking reference', booking],
            ['Booking date', en.long(booked)],
            ['Lead passenger', holder()],
            ['Destination', 'Paphos, Cyprus - Hotel Aphrodite Sands, half board'],
          ],
        },
        {
          t: 'table',
          rows: [
            ['Flight', 'Date', 'Route', 'Airline ref'],
            [`EZY${rng.digits(4)}`, en.short(depart), 'BRS - PFO', pnr(rng)],
            [`EZY${rng.digits(4)}`, en.short(back), 'PFO - BRS', pnr(rng)],
          ],
        },
        { t: 'h', text: 'Your travel insurance' },
        {
          t: 'kv',
          rows: [
            ['Insurance certificate number', policy],
            ['Insured trip', `${en.slash(depart)} to ${en.slash(back)}`],
          ],
        },
        {
          t: 'p',
          text: 'Your holiday insurance is arranged by Sunward Holidays Limited, an appointed representative, and underwritten by Allianz Insurance plc. Cancellation cover applies from the booking date.',
        },
        {
          t: 'small',
          text: `Sunward Holidays Limited, registered in England No. ${companyNumber(rng)}. Many of the flights and flight-inclusive holidays on this confirmation are financially protected by the ATOL scheme.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Allianz Insurance plc',
        start_date: depart,
        end_date: back,
        vehicle_registration: null,
      },
    });
  }

  // 11. Private medical insurance membership certificate with an NHS number.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const policy = `${rng.int(1, 9)}${rng.digits(7)}`;
    out.push({
      id: 'uk-health-membership',
      country: 'UK',
      type: 'health',
      language: 'en',
      look: { family: 'sans', size: 10, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: ['Bupa', 'By Personal Health Insurance'],
          right: [`Membership queries ${ukPhone(rng, 'nongeo')}`],
        },
        { t: 'title', text: 'Membership certificate' },
        {
          t: 'kv',
          rows: [
            ['Main member', holder()],
            ['Membership number', policy],
            ['NHS number', nhsNumber(rng)],
            ['Scheme', 'Bupa By You - Comprehensive, £250 excess'],
            ['Cover start date', en.long(start)],
            ['Cover end date', en.long(end)],
          ],
        },
        {
          t: 'p',
          text: 'Your cover is for eligible private treatment of acute conditions. Please call us before arranging any treatment so that we can confirm your cover.',
        },
        {
          t: 'small',
          text: 'Bupa health insurance is provided by Bupa Insurance Limited. Registered in England and Wales No. 3956433. Bupa Insurance Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Bupa Insurance Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 12. Health renewal in prose.
  {
    const start = someDay(rng, 2026, 2027);
    const end = yearLater(start);
    const policy = `VH${rng.digits(9)}`;
    out.push({
      id: 'uk-health-renewal-prose',
      country: 'UK',
      type: 'health',
      language: 'en',
      look: { family: 'serif', size: 10.5, margin: 62 },
      blocks: [
        {
          t: 'head',
          left: ['Vitality', '3 More London Riverside, London SE1 2AQ'],
          right: [en.long(addDays(start, -30))],
        },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'p', text: `Plan number ${policy}` },
        { t: 'h', text: 'Your health insurance renewal' },
        {
          t: 'p',
          text: `Your plan renews on ${en.long(start)}, and your cover will continue until ${en.long(end)} on the terms set out in your enclosed membership schedule. Your monthly premium will be £58.91.`,
        },
        {
          t: 'p',
          text: `To talk to us about your renewal, call ${ukPhone(rng, 'nongeo')}, or ${ukPhone(rng, 'international')} from outside the UK.`,
        },
        {
          t: 'small',
          text: 'Vitality Health is a trading name of Vitality Health Limited, which is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Registered in England and Wales No. 05933141.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Vitality Health Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 13. Company healthcare scheme: scheme and company numbers beside the member's own number.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const policy = `${rng.letters(1, 'ABCDEFGH')}${rng.digits(7)}`;
    out.push({
      id: 'uk-health-company-scheme',
      country: 'UK',
      type: 'health',
      language: 'en',
      look: { family: 'condensed', size: 9.5, margin: 50 },
      blocks: [
        {
          t: 'head',
          left: ['AXA Health', 'Company healthcare scheme - member confirmation'],
          right: [`Member services ${ukPhone(rng, 'freephone')}`],
        },
        {
          t: 'kv',
          rows: [
            ['Employer', `Brightwater Logistics Ltd (company no. ${companyNumber(rng)})`],
            ['Scheme number', `${rng.digits(6)}`],
            ['Member', holder()],
            ['Membership number', policy],
            ['Scheme year', `${en.long(start)} to ${en.long(end)}`],
          ],
        },
        {
          t: 'p',
          text: 'Your employer pays for this cover; it is a taxable benefit. Out-patient limit: £1,000 a year.',
        },
        {
          t: 'small',
          text: `AXA Health is a trading name of AXA PPP healthcare Limited, registered in England No. 3148119. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority, FRN ${fcaFrn(rng)}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'AXA PPP healthcare Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 14. Health cash plan statement with a bank account for claims.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const policy = `WPA${rng.digits(7)}`;
    out.push({
      id: 'uk-health-cash-plan',
      country: 'UK',
      type: 'health',
      language: 'en',
      look: { family: 'dejavu', size: 9.5, margin: 54 },
      blocks: [
        {
          t: 'head',
          left: ['WPA', 'Rivergate House, Blackbrook Park, Taunton TA1 2PE'],
          right: [`Tel ${ukPhone(rng, 'national')}`],
        },
        { t: 'title', text: 'Your policy schedule' },
        {
          t: 'kv',
          rows: [
            ['Policy number', policy],
            ['Policyholder', holder()],
            ['Start date', en.slash(start)],
            ['Renewal date', en.slash(addDays(end, 1))],
            ['Claims paid to', iban(rng, 'GB')],
          ],
        },
        {
          t: 'p',
          text: `Your cover runs for twelve months to ${en.slash(end)} and renews on the renewal date unless you tell us otherwise.`,
        },
        {
          t: 'small',
          text: 'WPA is the trading name of Western Provident Association Limited, registered in England No. 475276. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Western Provident Association Limited',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }
  void vin;
  return out;
}

export type { Day };
