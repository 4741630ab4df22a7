// United Kingdom: motor certificates in the statutory numbered form, renewal letters, e-mails, an endorsement,
// broker and bank-branded paperwork; travel schedules, vouchers and assistance cards; private medical and cash
// plan membership papers.
import {
  companyNumber,
  en,
  fcaFrn,
  nhsNumber,
  pnr,
  Rng,
  ukPassport,
  ukPhone,
  ukPlate,
  vin,
} from '../../corpus-apart/formats.js';
import { day, en2, gbp, type Paper } from './paper.js';

export function ukPapers(rng: Rng): Paper[] {
  return [...motor(rng), ...travel(rng), ...health(rng)];
}

function motor(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    // The statutory certificate: numbered items in the order the Road Traffic Act forms use.
    const plate = ukPlate(rng, day(2021, 4, 10));
    const start = day(2026, 3, 14);
    const end = day(2027, 3, 13);
    const policy = `AV${rng.digits(8)}`;
    out.push({
      id: 'uk-motor-statutory-certificate',
      country: 'UK',
      type: 'motor',
      kind: 'statutory certificate',
      insurer: { ref: '202153', printed: 'Aviva Insurance Limited' },
      policy,
      start,
      end,
      plate,
      look: { family: 'serif', size: 10, margin: 48 },
      blocks: [
        {
          t: 'head',
          left: ['Aviva', 'Motor Insurance'],
          right: [`Certificate No. C${rng.digits(9)}`, `Policy No. ${policy}`],
        },
        { t: 'title', text: 'Certificate of Motor Insurance' },
        {
          t: 'kv',
          labelWidth: 250,
          rows: [
            ['1. Registration mark of vehicle', plate],
            ['2. Name of policyholder', 'Mr Declan R. Whitfield'],
            [
              '3. Effective date of commencement of insurance for the purposes of the relevant law',
              `00:01 hours on ${en.ordinal(start)}`,
            ],
            ['4. Date of expiry of insurance', `Midnight on ${en.ordinal(end)}`],
            [
              '5. Persons or classes of persons entitled to drive',
              '(a) The policyholder. (b) Mrs Anita Whitfield. Provided that the person driving holds a licence to drive the vehicle or has held and is not disqualified from holding or obtaining such a licence.',
            ],
            [
              '6. Limitations as to use',
              'Use for social, domestic and pleasure purposes and by the policyholder in person in connection with their business. The policy does not cover use for hire or reward, racing, pacemaking, speed testing or commercial travelling.',
            ],
          ],
        },
        {
          t: 'p',
          text: 'I hereby certify that the policy to which this certificate relates satisfies the requirements of the relevant law applicable in Great Britain, Northern Ireland, the Isle of Man, the Island of Guernsey, the Island of Jersey and the Island of Alderney.',
        },
        { t: 'p', text: 'Aviva Insurance Limited          Authorised Insurers' },
        { t: 'gap' },
        {
          t: 'small',
          text: `Advice to third parties: nothing contained in this certificate affects your right as a third party to make a claim. Claims line ${ukPhone(rng, 'nongeo')}. Aviva Insurance Limited, registered in Scotland No. SC0${rng.digits(5)}. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.`,
        },
      ],
    });
  }

  {
    // A renewal letter: the new period only in a sentence; last year's premium and the car in a table.
    const plate = ukPlate(rng, day(2019, 5, 20));
    const policy = `MTR ${rng.digits(7)} 01`;
    const start = day(2026, 11, 2);
    const end = day(2027, 11, 1);
    out.push({
      id: 'uk-motor-renewal-letter',
      country: 'UK',
      type: 'motor',
      kind: 'renewal letter',
      insurer: { ref: '202965', printed: 'Liverpool Victoria Insurance Company Limited' },
      policy,
      start,
      end,
      plate,
      look: { family: 'sans', size: 10, margin: 54 },
      blocks: [
        {
          t: 'head',
          left: ['LV= Car Insurance', 'County Gates, Bournemouth'],
          right: [en.long(day(2026, 10, 5)), `Policy number: ${policy}`],
        },
        { t: 'p', text: 'Ms Priya Natarajan\n14 Orchard Rise\nHexham\nNE46 3BT' },
        { t: 'h', text: 'Your car insurance renewal' },
        { t: 'p', text: 'Dear Ms Natarajan,' },
        {
          t: 'p',
          text: `Thank you for insuring your car with us. Your cover will renew automatically on ${en.long(start)} and run until ${en.long(end)}, unless you tell us before then that you do not want it to. There is nothing you need to do if your details are still correct.`,
        },
        {
          t: 'table',
          rows: [
            ['Your car', 'Registration', 'Cover', 'This year', 'Last year'],
            ['Ford Focus Titanium 1.0 EcoBoost', plate, 'Comprehensive', gbp(612.4), gbp(548.11)],
          ],
        },
        {
          t: 'p',
          text: `If you pay monthly, your first instalment of ${gbp(51.03)} will be collected on or around 9 November. To talk to us call ${ukPhone(rng, 'national')} (Monday to Friday 8am to 8pm) or from abroad ${ukPhone(rng, 'international')}.`,
        },
        { t: 'p', text: 'Yours sincerely,\nCustomer Services' },
        {
          t: 'small',
          text: `LV= and LV= Liverpool Victoria are registered trademarks of Liverpool Victoria Financial Services Limited and are used under licence by Liverpool Victoria Insurance Company Limited. Liverpool Victoria Insurance Company Limited, registered in England and Wales number ${companyNumber(rng)}, is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.`,
        },
      ],
    });
  }

  {
    // A confirmation e-mail printed from a web mail client: the brand, and the underwriter in the footer.
    const plate = ukPlate(rng, day(2022, 9, 12));
    const policy = `${rng.digits(10)}`;
    const sent = day(2026, 1, 6);
    const start = day(2026, 1, 10);
    const end = day(2027, 1, 9);
    out.push({
      id: 'uk-motor-email-confirmation',
      country: 'UK',
      type: 'motor',
      kind: 'e-mail confirmation',
      insurer: { ref: '202810', printed: 'U K Insurance Limited' },
      policy,
      start,
      end,
      plate,
      look: {
        family: 'dejavu',
        size: 9.5,
        margin: 44,
        printHeader: [`${en2.shortYear(sent)}, 09:16`, 'Mail - Your Churchill car insurance documents'],
        printFooter: ['https://mail.example.net/inbox/message/7741', '{page}'],
      },
      blocks: [
        { t: 'h', text: 'Your Churchill car insurance documents' },
        {
          t: 'kv',
          labelWidth: 60,
          rows: [
            ['From', 'Churchill Car Insurance <documents@mail.churchill.example>'],
            ['Sent', `${en.withDay(sent)} 09:14`],
            ['To', 'tom.berridge@example.co.uk'],
            ['Subject', `Your policy documents - ${policy}`],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Hi Tom,' },
        {
          t: 'p',
          text: `Thanks for choosing Churchill. Your car insurance for the Vauxhall Corsa ${plate} is all set up and your documents are attached to this email.`,
        },
        {
          t: 'kv',
          rows: [
            ['Policy number', policy],
            ['Cover starts', `${en.long(start)} at 00:01`],
            ['Cover ends', `${en.long(end)} at 23:59`],
            ['Cover level', 'Comprehensive'],
            ['Payment', `12 monthly payments of ${gbp(47.9)}`],
          ],
        },
        {
          t: 'p',
          text: `Your Certificate of Motor Insurance is legal proof that you're insured. Keep it somewhere safe. If you need to claim, call us 24/7 on ${ukPhone(rng, 'nongeo')}.`,
        },
        {
          t: 'small',
          text: `Churchill car insurance is underwritten by U K Insurance Limited. Registered in England and Wales No. ${companyNumber(rng)}. Please do not reply to this email, this mailbox is not monitored.`,
        },
      ],
    });
  }

  {
    // An endorsement after a change of car: both cars listed, the new one the one now insured.
    const old = ukPlate(rng, day(2016, 3, 2));
    const plate = ukPlate(rng, day(2023, 9, 15));
    const policy = `AX${rng.pick(['K', 'M', 'P'])}${rng.digits(8)}`;
    const start = day(2025, 11, 2);
    const end = day(2026, 11, 1);
    const effective = day(2026, 3, 14);
    out.push({
      id: 'uk-motor-endorsement-change-of-vehicle',
      country: 'UK',
      type: 'motor',
      kind: 'endorsement (change of vehicle)',
      insurer: { ref: '202312', printed: 'AXA Insurance UK plc' },
      policy,
      start,
      end,
      plate,
      look: { family: 'sans', size: 9.5, margin: 50 },
      blocks: [
        { t: 'head', left: ['AXA', 'Car Insurance'], right: [`Date of issue ${en.slash(effective)}`] },
        { t: 'title', text: 'Policy Schedule – Mid-term Adjustment' },
        {
          t: 'kv',
          rows: [
            ['Policy number', policy],
            ['Policyholder', 'Mrs Gwen Pryce-Lloyd'],
            ['Period of insurance', `${en.slash(start)} to ${en.slash(end)}`],
            ['Reason for issue', `Change of vehicle with effect from ${en.slash(effective)}`],
          ],
        },
        {
          t: 'table',
          rows: [
            ['', 'Registration', 'Make and model', 'VIN'],
            ['Vehicle removed', old, 'Toyota Yaris 1.33 Icon', vin(rng, 'VNK')],
            ['Vehicle added', plate, 'Kia Niro 1.6 GDi Hybrid 2', vin(rng, 'KNA')],
          ],
        },
        {
          t: 'p',
          text: `Additional premium for the remainder of the period: ${gbp(38.62)}. All other terms, conditions and exceptions of the policy remain unchanged. A new Certificate of Motor Insurance for the vehicle added is enclosed; please destroy the previous certificate.`,
        },
        {
          t: 'small',
          text: `AXA Insurance UK plc. Registered in England and Wales No. ${companyNumber(rng)}. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Customer services ${ukPhone(rng, 'nongeo')}.`,
        },
      ],
    });
  }

  {
    // A broker's covering letter: the broker's own reference and FRN, the car named in the heading only.
    const plate = ukPlate(rng, day(2018, 10, 1));
    const policy = `AGM${rng.digits(8)}`;
    const start = day(2026, 5, 17);
    const end = day(2027, 5, 16);
    const frn = fcaFrn(rng);
    out.push({
      id: 'uk-motor-broker-letter',
      country: 'UK',
      type: 'motor',
      kind: 'broker letter',
      insurer: { ref: '202039', printed: 'Ageas Insurance Limited' },
      policy,
      start,
      end,
      plate,
      look: { family: 'serif', size: 10.5, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: [
            'Hartwell & Pike Insurance Brokers',
            '3 Castle Mews, Ludlow SY8 1AD',
            `Tel ${ukPhone(rng, 'national')}`,
          ],
          right: [`Our ref: HP/${rng.digits(5)}`, en.ordinal(day(2026, 5, 9))],
        },
        { t: 'p', text: 'Mr and Mrs O. Adeyemi\nThe Old Forge\nClee St Margaret\nSY7 9DT' },
        { t: 'p', text: `Dear Mr and Mrs Adeyemi,\nRe: Volkswagen Golf Match 1.5 TSI – ${plate}` },
        {
          t: 'p',
          text: `Further to our telephone conversation, we have arranged your motor insurance with Ageas Insurance Limited. Cover is on a comprehensive basis for the period of insurance ${en.slash(start)} to ${en.slash(end)}, both dates inclusive, and the insurer's policy number is ${policy}. Please quote our reference above when you contact us.`,
        },
        {
          t: 'p',
          text: `Your total premium is ${gbp(689.5)} including Insurance Premium Tax at the current rate, and our arrangement fee of ${gbp(35)}. Please check the enclosed statement of fact carefully and let us know within 14 days of any error.`,
        },
        {
          t: 'p',
          text: `In the event of an accident please call the Ageas claims line on ${ukPhone(rng, 'nongeo')}; for anything else call us on ${ukPhone(rng, 'national')}.`,
        },
        { t: 'p', text: 'Yours sincerely,\n\nRachel Hartwell ACII\nDirector' },
        {
          t: 'small',
          text: `Hartwell & Pike Insurance Brokers Ltd is authorised and regulated by the Financial Conduct Authority, Firm Reference Number ${frn}. Registered in England No. ${companyNumber(rng)}.`,
        },
      ],
    });
  }

  {
    // A bank-branded schedule over two pages; the start is also the date of issue.
    const plate = ukPlate(rng, day(2020, 3, 6));
    const policy = `TB${rng.digits(9)}`;
    const start = day(2026, 2, 3);
    const end = day(2027, 2, 2);
    out.push({
      id: 'uk-motor-bank-branded-schedule',
      country: 'UK',
      type: 'motor',
      kind: 'bank-branded schedule (multi-page)',
      insurer: { ref: '517719', printed: 'Tesco Underwriting Limited' },
      policy,
      start,
      end,
      plate,
      look: {
        family: 'condensed',
        size: 9.5,
        margin: 46,
        printFooter: ['Tesco Bank Car Insurance – Schedule', 'Page {page}'],
      },
      blocks: [
        { t: 'head', left: ['Tesco Bank', 'Car Insurance'], right: [`Issued ${en.short(start)}`] },
        { t: 'title', text: 'Your policy schedule' },
        {
          t: 'kv',
          rows: [
            ['Policy number', policy],
            ['Policyholder', 'Mr Ewan McAllister'],
            ['Start date', en.short(start)],
            ['End date', en.short(end)],
            ['Cover', 'Comprehensive, Clubcard Plus customer'],
            ['Excess', `Compulsory ${gbp(250)}, voluntary ${gbp(100)}`],
          ],
        },
        { t: 'h', text: 'Your vehicle' },
        {
          t: 'table',
          rows: [
            ['Registration', 'Make / model', 'Year', 'Kept overnight'],
            [plate, 'Skoda Octavia SE L 2.0 TDI', '2020', 'On a driveway'],
          ],
        },
        { t: 'page' },
        { t: 'h', text: 'Drivers' },
        {
          t: 'table',
          rows: [
            ['Name', 'Date of birth', 'Licence', 'Claims/convictions'],
            ['Ewan McAllister', '14/02/1979', 'Full UK, 26 years', 'None'],
            ['Morag McAllister', '30/07/1981', 'Full UK, 21 years', 'None'],
          ],
        },
        { t: 'h', text: 'Endorsements that apply' },
        {
          t: 'p',
          text: '003 Windscreen excess £95. 019 Approved repairer excess applies if you choose your own garage.',
        },
        {
          t: 'small',
          text: `Tesco Bank Car Insurance is arranged by Tesco Bank and underwritten by Tesco Underwriting Limited. Tesco Bank is a trading name of Tesco Personal Finance plc, registered in Scotland No. SC${rng.digits(6)}. Questions: ${ukPhone(rng, 'nongeo')}.`,
        },
      ],
    });
  }

  {
    // Short-term cover on a borrowed car, bought in an app: start and end at the same hour two days apart.
    const plate = ukPlate(rng, day(2017, 9, 8));
    const policy = `VGO${rng.digits(8)}`;
    const start = day(2026, 7, 3);
    const end = day(2026, 7, 5);
    out.push({
      id: 'uk-motor-temporary-cover',
      country: 'UK',
      type: 'motor',
      kind: 'temporary cover confirmation',
      insurer: { ref: '219824', printed: 'Admiral Insurance Company Limited' },
      policy,
      start,
      end,
      plate,
      look: { family: 'sans', size: 10.5, margin: 64 },
      blocks: [
        { t: 'head', left: ['Veygo', 'Temporary car insurance'], right: [`Bought ${en.short(day(2026, 7, 2))} 21:47`] },
        { t: 'title', text: "You're covered" },
        {
          t: 'kv',
          rows: [
            ['Policy number', policy],
            ['Driver', 'Ms Rhiannon Pugh'],
            ['Car', `${plate} – Mini Cooper 1.5 (owner: Mr G. Pugh)`],
            ['Cover starts', `14:00 ${en2.upperDash(start)}`],
            ['Cover ends', `14:00 ${en2.upperDash(end)}`],
            ['Price', gbp(46.21)],
          ],
        },
        {
          t: 'p',
          text: "This cover is comprehensive and does not affect the owner's own insurance or no claims bonus. You can't extend a policy once it has ended; buy a new one in the app.",
        },
        {
          t: 'small',
          text: `Veygo temporary car insurance is underwritten by Admiral Insurance Company Limited. Claims ${ukPhone(rng, 'national')}; from abroad ${ukPhone(rng, 'international')}.`,
        },
      ],
    });
  }
  return out;
}

function travel(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    const policy = `LVT${rng.digits(8)}`;
    const start = day(2026, 4, 1);
    const end = day(2027, 3, 31);
    out.push({
      id: 'uk-travel-annual-schedule',
      country: 'UK',
      type: 'travel',
      kind: 'annual multi-trip schedule',
      insurer: { ref: '202965', printed: 'Liverpool Victoria Insurance Company Limited' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'sans', size: 10, margin: 50 },
      blocks: [
        { t: 'head', left: ['LV= Travel Insurance', 'Annual multi-trip'], right: [`Policy ${policy}`] },
        { t: 'title', text: 'Policy schedule' },
        {
          t: 'kv',
          rows: [
            ['Policy type', 'Annual multi-trip, Europe including UK'],
            ['Cover start date', en.long(start)],
            ['Cover end date', en.long(end)],
            ['Maximum trip length', '31 days'],
            ['Premium', gbp(96.4)],
          ],
        },
        {
          t: 'table',
          rows: [
            ['Insured person', 'Date of birth', 'Passport'],
            ['Helen Oduya', '03/11/1972', ukPassport(rng)],
            ['Samuel Oduya', '19/06/1970', ukPassport(rng)],
          ],
        },
        {
          t: 'p',
          text: `Medical emergencies abroad: our assistance partner, Healix International, can be reached 24 hours on ${ukPhone(rng, 'international')}. Please have your policy number to hand.`,
        },
        {
          t: 'small',
          text: 'LV= travel insurance is underwritten by Liverpool Victoria Insurance Company Limited, authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
        },
      ],
    });
  }

  {
    // A package-holiday voucher: bought in March, cover for the trip in June.
    const policy = `TRV${rng.digits(9)}`;
    const bought = day(2026, 3, 3);
    const start = day(2026, 6, 12);
    const end = day(2026, 6, 26);
    out.push({
      id: 'uk-travel-holiday-voucher',
      country: 'UK',
      type: 'travel',
      kind: 'travel voucher (single trip)',
      insurer: { ref: '202846', printed: 'Astrenska Insurance Limited' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'dejavu', size: 9.5, margin: 44 },
      blocks: [
        {
          t: 'head',
          left: ['Sunward Holidays', 'Travel insurance voucher'],
          right: [`Booking ref ${pnr(rng)}`, `Booked ${en.short(bought)}`],
        },
        {
          t: 'table',
          rows: [
            ['Journey', 'Date', 'Flight'],
            ['London Gatwick – Málaga', en.withDay(start), 'SW 2314 dep 06:40'],
            ['Málaga – London Gatwick', en.withDay(end), 'SW 2315 dep 21:05'],
          ],
        },
        {
          t: 'kv',
          rows: [
            ['Insurance certificate number', policy],
            ['Cover', 'Single trip, Europe, 2 adults 1 child'],
            ['Period of cover', `From departure on ${en.short(start)} until return on ${en.short(end)}`],
            ['Cancellation cover', 'From the date of booking'],
          ],
        },
        {
          t: 'p',
          text: `In a medical emergency call the 24-hour assistance line ${ukPhone(rng, 'international')} before seeking treatment where you can.`,
        },
        {
          t: 'small',
          text: 'Sunward travel insurance is underwritten by Astrenska Insurance Limited and administered by Collinson Insurance Services Limited. Sunward Holidays acts as an introducer and does not give advice.',
        },
      ],
    });
  }

  {
    // An e-mail from an insurer's own site: sent date and purchase date both before the cover.
    const policy = `${rng.digits(11)}`;
    const sent = day(2026, 7, 2);
    const start = day(2026, 8, 5);
    const end = day(2026, 8, 19);
    out.push({
      id: 'uk-travel-email-single-trip',
      country: 'UK',
      type: 'travel',
      kind: 'e-mail confirmation',
      insurer: { ref: '219824', printed: 'Admiral Insurance Company Limited' },
      policy,
      start,
      end,
      plate: null,
      look: {
        family: 'sans',
        size: 9.5,
        margin: 42,
        printHeader: [`${en.slash(sent)} 18:22`, 'Outlook – Admiral Travel: your policy'],
      },
      blocks: [
        {
          t: 'kv',
          labelWidth: 70,
          rows: [
            ['From:', 'Admiral Travel Insurance <travel@admiral.example>'],
            ['Date:', `${en.withDay(sent)} 18:20`],
            ['To:', 'a.kowalczyk@example.com'],
            ['Subject:', 'Admiral Travel: your policy is confirmed'],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Dear Agnieszka,' },
        {
          t: 'p',
          text: `Thank you for buying single trip travel insurance on ${en.long(sent)}. Your trip to Canada is covered from ${en.long(start)} to ${en.long(end)}.`,
        },
        {
          t: 'kv',
          rows: [
            ['Policy number', policy],
            ['Destination', 'Worldwide including USA and Canada'],
            ['Travellers', 'Agnieszka Kowalczyk, Piotr Kowalczyk'],
            ['Total paid', gbp(73.18)],
          ],
        },
        { t: 'p', text: `If you need emergency medical help abroad, call ${ukPhone(rng, 'international')}.` },
        {
          t: 'small',
          text: `Admiral Travel Insurance is underwritten by Admiral Insurance Company Limited. Registered in England and Wales No. ${companyNumber(rng)}.`,
        },
      ],
    });
  }

  {
    // Travel cover that comes with a bank account: the account's cover year in a letter.
    const policy = `PCA${rng.digits(7)}`;
    const start = day(2026, 4, 1);
    const end = day(2027, 3, 31);
    out.push({
      id: 'uk-travel-packaged-account-letter',
      country: 'UK',
      type: 'travel',
      kind: 'bank packaged-account letter',
      insurer: { ref: '202312', printed: 'AXA Insurance UK plc' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10.5, margin: 58 },
      blocks: [
        { t: 'head', left: ['Highbridge Bank', 'Platinum Current Account'], right: [en.long(day(2026, 3, 9))] },
        { t: 'p', text: 'Mr Karim Haddad\nFlat 3, 22 Whiteladies Road\nBristol BS8 2LG' },
        { t: 'h', text: 'Your worldwide family travel insurance' },
        {
          t: 'p',
          text: `Dear Mr Haddad,\nAs a Platinum account holder you and your family have annual worldwide travel insurance. Your cover for the coming year runs from ${en.ordinal(start)} until ${en.ordinal(end)}, as long as your account remains open. Your policy number is ${policy}.`,
        },
        {
          t: 'p',
          text: `Sort code 40-${rng.digits(2)}-${rng.digits(2)}, account ending ${rng.digits(4)}. If you are 71 or over, or have a medical condition, please call ${ukPhone(rng, 'freephone')} to check you are covered.`,
        },
        {
          t: 'small',
          text: 'Highbridge Bank Platinum travel insurance is underwritten by AXA Insurance UK plc. Highbridge Bank is an introducer and the policy is administered by AXA.',
        },
      ],
    });
  }

  {
    // A wallet card cut from a policy letter: short-year dates, the assistance number prominent.
    const policy = `HXT${rng.digits(8)}`;
    const start = day(2026, 9, 5);
    const end = day(2026, 9, 19);
    out.push({
      id: 'uk-travel-assistance-card',
      country: 'UK',
      type: 'travel',
      kind: 'assistance card',
      insurer: { ref: '113849', printed: 'Hiscox Insurance Company Limited' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'condensed', size: 10, margin: 70 },
      blocks: [
        { t: 'h', text: 'Cut out and keep with your passport' },
        { t: 'rule' },
        { t: 'title', text: 'TRAVEL ASSISTANCE CARD' },
        {
          t: 'kv',
          rows: [
            ['Insured', 'Ms Fiona Carmichael'],
            ['Policy No.', policy],
            ['Valid', `${en2.shortYear(start)} – ${en2.shortYear(end)}`],
            ['Area', 'Worldwide'],
            ['24h assistance', ukPhone(rng, 'international')],
          ],
        },
        {
          t: 'small',
          text: 'Underwritten by Hiscox Insurance Company Limited. Present this card at the hospital; do not pay large bills yourself.',
        },
        { t: 'rule' },
        {
          t: 'p',
          text: 'Your full policy wording and schedule are in your online account. Keep this card separate from your wallet in case of theft.',
        },
      ],
    });
  }

  {
    // A renewal letter for an annual policy sold under a health brand.
    const policy = `BTR${rng.digits(8)}`;
    const start = day(2026, 6, 15);
    const end = day(2027, 6, 14);
    out.push({
      id: 'uk-travel-renewal-letter',
      country: 'UK',
      type: 'travel',
      kind: 'renewal letter',
      insurer: { ref: '203332', printed: 'Bupa Insurance Limited' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'sans', size: 10, margin: 52 },
      blocks: [
        {
          t: 'head',
          left: ['Bupa Global Travel', 'Renewal invitation'],
          right: [en.long(day(2026, 5, 18)), `Policy ${policy}`],
        },
        { t: 'p', text: 'Dear Dr Lindqvist,' },
        {
          t: 'p',
          text: `Your annual travel insurance is due for renewal. If you do nothing, your cover will renew on ${en.long(start)} and run until ${en.long(end)}, and we will collect the premium of ${gbp(184.2)} from your card ending ${rng.digits(4)}.`,
        },
        {
          t: 'p',
          text: `If your health or travel plans have not changed there is nothing to do. Otherwise call us on ${ukPhone(rng, 'nongeo')} or ${ukPhone(rng, 'international')} from abroad.`,
        },
        {
          t: 'small',
          text: 'Bupa Global Travel is underwritten by Bupa Insurance Limited, registered in England and Wales, authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
        },
      ],
    });
  }
  return out;
}

function health(rng: Rng): Paper[] {
  const out: Paper[] = [];

  {
    const policy = `${rng.digits(8)}`;
    const start = day(2026, 3, 1);
    const end = day(2027, 2, 28);
    out.push({
      id: 'uk-health-membership-certificate',
      country: 'UK',
      type: 'health',
      kind: 'membership certificate',
      insurer: { ref: '203332', printed: 'Bupa Insurance Limited' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'sans', size: 10, margin: 50 },
      blocks: [
        { t: 'head', left: ['Bupa', 'By You health insurance'], right: [`Membership number ${policy}`] },
        { t: 'title', text: 'Your membership certificate' },
        {
          t: 'kv',
          rows: [
            ['Main member', 'Ms Charlotte Ibbotson'],
            ['Membership number', policy],
            ['Cover period', `${en.long(start)} to ${en.long(end)}`],
            ['Underwriting', 'Moratorium'],
            ['Excess', `${gbp(250)} per member per year`],
            ['Monthly subscription', gbp(88.37)],
          ],
        },
        {
          t: 'table',
          rows: [
            ['Name', 'Date of birth', 'Date joined'],
            ['Charlotte Ibbotson', '12 May 1984', en.short(day(2023, 3, 1))],
            ['Lewis Ibbotson', '2 Dec 2013', en.short(day(2024, 3, 1))],
          ],
        },
        {
          t: 'p',
          text: `Your NHS number (${nhsNumber(rng)}) is not needed to make a claim; call ${ukPhone(rng, 'nongeo')} before you arrange any treatment.`,
        },
        {
          t: 'small',
          text: 'Bupa health insurance is provided by Bupa Insurance Limited. Registered in England and Wales. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
        },
      ],
    });
  }

  {
    // Company scheme: the employer's scheme number as a decoy, the member's own number the answer.
    const policy = `${rng.letters(1, 'ABCDEFGHJ')}${rng.digits(7)}`;
    const scheme = `${rng.digits(5)}`;
    const start = day(2026, 1, 1);
    const end = day(2026, 12, 31);
    out.push({
      id: 'uk-health-company-scheme-letter',
      country: 'UK',
      type: 'health',
      kind: 'employer scheme membership letter',
      insurer: { ref: '202947', printed: 'AXA PPP healthcare Limited' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10, margin: 54 },
      blocks: [
        { t: 'head', left: ['AXA Health', 'Corporate healthcare'], right: [en.long(day(2025, 12, 10))] },
        { t: 'p', text: 'Mr Tobias Grant\nc/o Fenwick Marine Engineering Ltd\nPortland Road, Newcastle upon Tyne' },
        {
          t: 'p',
          text: `Dear Mr Grant,\nYour employer, Fenwick Marine Engineering Ltd (scheme ${scheme}), has renewed the group private medical insurance scheme of which you are a member. Your cover continues from ${en.long(start)} to ${en.long(end)}.`,
        },
        {
          t: 'kv',
          rows: [
            ['Your membership number', policy],
            ['Level of cover', 'Comprehensive with Guided Option'],
            ['Outpatient limit', gbp(1500)],
            ['Dependants covered', 'Partner, 2 children'],
          ],
        },
        { t: 'p', text: `To start a claim or use Doctor at Hand call ${ukPhone(rng, 'freephone')}.` },
        {
          t: 'small',
          text: `AXA Health is a trading name of AXA PPP healthcare Limited. Registered in England No. ${companyNumber(rng)}. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.`,
        },
      ],
    });
  }

  {
    const policy = `VIT${rng.digits(9)}`;
    const start = day(2026, 8, 1);
    const end = day(2027, 7, 31);
    out.push({
      id: 'uk-health-renewal-letter',
      country: 'UK',
      type: 'health',
      kind: 'renewal letter',
      insurer: { ref: '400057', printed: 'Vitality Health Limited' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'dejavu', size: 9.5, margin: 48 },
      blocks: [
        {
          t: 'head',
          left: ['Vitality', 'Health insurance'],
          right: [en.long(day(2026, 6, 24)), `Plan number ${policy}`],
        },
        { t: 'p', text: 'Dear Mr Abernethy,' },
        { t: 'h', text: 'Your plan anniversary' },
        {
          t: 'p',
          text: `Your plan renews on ${en.long(start)} and will run until ${en.long(end)}. Your new monthly premium will be ${gbp(104.55)}; it takes into account your Vitality status (Silver) and your claims in the past year.`,
        },
        {
          t: 'p',
          text: `You don't need to do anything to keep your cover. If you'd like to make changes before your renewal date, call us on ${ukPhone(rng, 'national')}.`,
        },
        {
          t: 'small',
          text: `Vitality Health Limited, registered number ${companyNumber(rng)}, is authorised and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.`,
        },
      ],
    });
  }

  {
    const policy = `${rng.digits(9)}`;
    const sent = day(2026, 2, 20);
    const start = day(2026, 3, 1);
    const end = day(2027, 2, 28);
    out.push({
      id: 'uk-health-email-new-policy',
      country: 'UK',
      type: 'health',
      kind: 'e-mail confirmation',
      insurer: { ref: '202608', printed: 'Western Provident Association Limited' },
      policy,
      start,
      end,
      plate: null,
      look: {
        family: 'sans',
        size: 9.5,
        margin: 40,
        printHeader: [`${en.slash(sent)}, 11:03`, 'Gmail - Welcome to WPA'],
        printFooter: ['https://mail.example.org/u/0/#inbox', '{page}'],
      },
      blocks: [
        {
          t: 'kv',
          labelWidth: 60,
          rows: [
            ['From', 'WPA Customer Care <care@wpa.example>'],
            ['Date', `${en.short(sent)}, 11:01`],
            ['Subject', 'Welcome to WPA – your policy details'],
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Dear Mrs Sandhu,' },
        { t: 'p', text: 'Welcome to WPA. We are pleased to confirm your Flexible Health policy.' },
        {
          t: 'kv',
          rows: [
            ['Policy number', policy],
            ['Start date', en.slash(start)],
            ['Renewal date', en.slash(day(2027, 3, 1))],
            ['Cover ends', en.slash(end)],
            ['Shared responsibility excess', gbp(500)],
          ],
        },
        {
          t: 'p',
          text: `Questions? Call ${ukPhone(rng, 'national')} or write to us at our customer care address in your welcome pack.`,
        },
        {
          t: 'small',
          text: `WPA is the trading name of Western Provident Association Limited, registered in England No. ${companyNumber(rng)}, authorised by the Prudential Regulation Authority.`,
        },
      ],
    });
  }

  {
    // A health cash plan statement: the plan year in a table heading.
    const policy = `SH${rng.digits(8)}`;
    const start = day(2026, 5, 1);
    const end = day(2027, 4, 30);
    out.push({
      id: 'uk-health-cash-plan-statement',
      country: 'UK',
      type: 'health',
      kind: 'cash plan benefit statement',
      insurer: { ref: '202183', printed: 'Simplyhealth Access' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'condensed', size: 9.5, margin: 46 },
      blocks: [
        { t: 'head', left: ['Simplyhealth', 'Health cash plan – Level 3'], right: [`Plan number ${policy}`] },
        { t: 'title', text: 'Your benefit statement' },
        { t: 'p', text: `Plan year ${en.short(start)} – ${en.short(end)}. Planholder: Mr Gareth Llewellyn.` },
        {
          t: 'table',
          rows: [
            ['Benefit', 'Annual maximum', 'Claimed', 'Remaining'],
            ['Dental', gbp(300), gbp(85), gbp(215)],
            ['Optical', gbp(200), gbp(0), gbp(200)],
            ['Physiotherapy', gbp(450), gbp(120), gbp(330)],
            ['Consultations', gbp(500), gbp(0), gbp(500)],
          ],
        },
        { t: 'p', text: `Claims can be made up to 6 months after treatment. Call ${ukPhone(rng, 'nongeo')}.` },
        {
          t: 'small',
          text: 'Simplyhealth is the trading name of Simplyhealth Access, an incorporated friendly society, registered and incorporated under the Friendly Societies Act 1992. Authorised by the Prudential Regulation Authority.',
        },
      ],
    });
  }

  {
    // A broker's letter for an individual policy with a friendly society.
    const policy = `EX${rng.digits(7)}`;
    const start = day(2026, 10, 1);
    const end = day(2027, 9, 30);
    const frn = fcaFrn(rng);
    out.push({
      id: 'uk-health-broker-letter',
      country: 'UK',
      type: 'health',
      kind: 'broker letter',
      insurer: { ref: '205309', printed: 'Exeter Friendly Society Limited' },
      policy,
      start,
      end,
      plate: null,
      look: { family: 'serif', size: 10.5, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: [
            'Meridian Health Brokers',
            '41 Southernhay East, Exeter EX1 1PE',
            `Telephone ${ukPhone(rng, 'national')}`,
          ],
          right: [en.ordinal(day(2026, 9, 14)), `Client no. MHB-${rng.digits(4)}`],
        },
        { t: 'p', text: 'Dear Mrs Olawale,' },
        {
          t: 'p',
          text: `I am pleased to confirm that your private medical insurance with The Exeter has been accepted. Cover begins on ${en.ordinal(start)} and the first policy year ends on ${en.ordinal(end)}. The policy number allocated by the insurer is ${policy}.`,
        },
        {
          t: 'p',
          text: `The first monthly premium of ${gbp(71.2)} will be taken by direct debit. Please read the policy summary enclosed and keep it with your policy schedule.`,
        },
        { t: 'p', text: 'Kind regards,\nJonathan Mears\nMeridian Health Brokers' },
        {
          t: 'small',
          text: `The Exeter is a trading name of Exeter Friendly Society Limited. Meridian Health Brokers Ltd is authorised and regulated by the Financial Conduct Authority, FRN ${frn}. Registered in England and Wales No. ${companyNumber(rng)}.`,
        },
      ],
    });
  }
  return out;
}
