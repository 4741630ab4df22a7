// British paperwork: motor certificates in the statutory numbered form, an international motor card, renewal
// letters, a mid-term change of car, a broker's letter, e-mails printed from a browser, travel schedules bought
// for a trip or for a year, and private medical membership papers. Names of people, streets and brands other
// than the insurers are made up; telephone numbers are in Ofcom's drama ranges or plainly fictional.
import { Rng, iban } from '../../corpus-apart/formats.js';
import { day, uk, type Paper } from '../paper.js';

// Decoys with check digits (IBANs, NIRs, a KVNR) come from a seeded generator, restarted on every call so that
// the papers are the same each time they are written.
let rng = new Rng(20260412);

export function ukPapers(): Paper[] {
  rng = new Rng(20260412);
  return [
    motorCertificate(),
    motorRenewalLetter(),
    internationalMotorCard(),
    changeOfVehicle(),
    classicCarBrokerLetter(),
    motorEmail(),
    motorSchedule(),
    temporaryCarCover(),
    vanSchedule(),
    singleTripSchedule(),
    annualMultiTrip(),
    packageHolidayEmail(),
    longStayLetter(),
    skiCover(),
    bupaCertificate(),
    corporateScheme(),
    healthRenewal(),
    healthEmail(),
    cashPlanCard(),
  ];
}

function motorCertificate(): Paper {
  const start = day(2026, 3, 14);
  const end = day(2027, 3, 13);
  return {
    id: 'uk-motor-certificate',
    country: 'UK',
    type: 'motor',
    style: 'certificate of motor insurance (statutory numbered form)',
    look: { family: 'serif', size: 10, margin: 52 },
    blocks: [
      {
        t: 'head',
        left: ['Churchill', 'Churchill Court, Westmoreland Road, Bromley BR1 1DP'],
        right: ['Certificate No. 0047 118 236 5', 'Policy No. CHC 7741 2093'],
      },
      { t: 'title', text: 'CERTIFICATE OF MOTOR INSURANCE' },
      {
        t: 'small',
        text: 'Road Traffic Act 1988 (Part VI), Motor Vehicles (Compulsory Insurance) Regulations, Road Traffic (Northern Ireland) Order 1981 and the equivalent laws of the Isle of Man and the Channel Islands.',
      },
      {
        t: 'kv',
        labelWidth: 250,
        rows: [
          ['1. Registration mark of vehicle', 'KM70 ZBW'],
          ['2. Name of policyholder', 'Miss Harriet J. Okonkwo-Blake'],
          [
            '3. Effective date of the commencement of insurance for the purposes of the relevant law',
            `00:01 hours on ${uk.slash(start)}`,
          ],
          ['4. Date of expiry of insurance', `Midnight on ${uk.slash(end)}`],
          [
            '5. Persons or classes of persons entitled to drive',
            '(a) The policyholder. (b) Mr Daniel Okonkwo-Blake. Provided that the person driving holds a licence to drive the vehicle or has held and is not disqualified from holding or obtaining such a licence.',
          ],
          [
            '6. Limitations as to use',
            'Use for social, domestic and pleasure purposes and for commuting to a permanent place of work. The policy does not cover use for hire or reward, racing, pace-making, speed testing, or use for any purpose in connection with the motor trade.',
          ],
        ],
      },
      {
        t: 'p',
        text: 'I hereby certify that the policy to which this certificate relates satisfies the requirements of the relevant law applicable in Great Britain, Northern Ireland, the Isle of Man, the Island of Guernsey, the Island of Jersey and the Island of Alderney.',
      },
      { t: 'p', text: 'U K Insurance Limited\nAuthorised Insurers' },
      { t: 'rule' },
      {
        t: 'small',
        text: 'Advice to third parties: nothing contained in this certificate affects your right as a third party to make a claim. Churchill is a trading name of U K Insurance Limited. Registered office: The Wharf, Neville Street, Leeds LS1 4AZ. Registered in England and Wales No. 1179980. U K Insurance Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Claims line 0808 157 0261.',
      },
    ],
    truth: {
      policy_number: 'CHC 7741 2093',
      insurer: { ref: '202810', printed: 'U K Insurance Limited' },
      start,
      end,
      plate: 'KM70 ZBW',
    },
  };
}

function motorRenewalLetter(): Paper {
  const start = day(2026, 6, 1);
  const end = day(2027, 5, 31);
  const sent = day(2026, 4, 24);
  return {
    id: 'uk-motor-renewal-prose',
    country: 'UK',
    type: 'motor',
    style: 'renewal letter, period only in prose',
    look: { family: 'sans', size: 10.5, margin: 60 },
    blocks: [
      {
        t: 'head',
        left: ['LV= Insurance', 'County Gates, Bournemouth BH1 2NF'],
        right: [uk.long(sent), 'Our ref: LVM-08814527'],
      },
      { t: 'p', text: 'Mr Tobias Penhaligon\n14 Rosewarne Close\nCamborne\nTR14 7QL' },
      { t: 'p', text: 'Dear Mr Penhaligon,' },
      { t: 'h', text: 'Your car insurance renewal' },
      {
        t: 'p',
        text: `Thank you for choosing us to insure your Skoda Octavia, registration LB68 TZE. Your current policy ends soon, and we are pleased to invite you to renew. Your cover will renew on ${uk.long(start)} and run until ${uk.long(end)}, unless you tell us you do not want it to.`,
      },
      {
        t: 'p',
        text: 'Your new annual premium is £612.40, including Insurance Premium Tax at the current rate. Last year you paid £571.15. You have 9 years of No Claims Discount, which is protected.',
      },
      {
        t: 'p',
        text: 'Because you pay by Direct Debit, you do not need to do anything: we will collect 12 monthly instalments of £51.03 from the account ending 4417. If anything has changed — your address, your job, the drivers, or modifications to the car — please call us on 03069 990 410 before your renewal date.',
      },
      { t: 'p', text: 'Your policy number stays the same: LVM-08814527. Please quote it whenever you contact us.' },
      { t: 'p', text: 'Yours sincerely,\n\nCustomer Services Manager\nLV= General Insurance' },
      {
        t: 'small',
        text: 'LV= and Liverpool Victoria are registered trademarks of Liverpool Victoria Financial Services Limited and are used under licence by Liverpool Victoria Insurance Company Limited. Liverpool Victoria Insurance Company Limited, registered in England and Wales number 3232514, is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority, register number 202965.',
      },
    ],
    truth: {
      policy_number: 'LVM-08814527',
      insurer: { ref: '202965', printed: 'Liverpool Victoria Insurance Company Limited' },
      start,
      end,
      plate: 'LB68 TZE',
    },
  };
}

function internationalMotorCard(): Paper {
  const start = day(2026, 8, 2);
  const end = day(2027, 8, 1);
  return {
    id: 'uk-motor-international-card',
    country: 'UK',
    type: 'motor',
    style: 'international motor insurance card (green card)',
    look: { family: 'condensed', size: 9, margin: 40 },
    blocks: [
      { t: 'title', text: 'INTERNATIONAL MOTOR INSURANCE CARD' },
      {
        t: 'small',
        text: 'Issued under the authority of the Motor Insurers\u2019 Bureau, Linford Wood House, 6-12 Capital Drive, Milton Keynes MK14 6XT',
      },
      {
        t: 'table',
        rows: [
          ['1. Validity', '2. Country / Insurer code / Number'],
          [`From ${uk.boxes(start)}  To ${uk.boxes(end)} (both dates inclusive)`, 'GB / 219 / 00412857'],
          ['3. Registration No. (or chassis/engine no.)', '4. Category of vehicle   5. Make of vehicle'],
          ['BD19 RWX', 'A (car)   Volvo XC40'],
        ],
      },
      { t: 'h', text: '6. Territorial validity' },
      {
        t: 'mono',
        lines: [
          'A  AL  AND  AZ  B  BG  BIH  BY  CH  CY  CZ  D  DK  E  EST  F  FIN',
          'GB  GR  H  HR  I  IL  IR  IRL  IS  L  LT  LV  M  MA  MD  MK  MNE',
          'N  NL  P  PL  RO  RUS  S  SK  SLO  SRB  TN  TR  UA',
        ],
      },
      {
        t: 'small',
        text: 'Strike out the countries in which the card is not valid. The card is valid in all countries not struck out.',
      },
      {
        t: 'kv',
        rows: [
          ['7. Name and address of the policyholder', 'Mr & Mrs P. Vasilescu, 3 Orchard Mews, Harrogate HG1 4NB'],
          ['Policy number', 'ADM 30 117 845'],
          [
            '8. This card has been issued by',
            'Admiral Insurance Company Limited, Ty Admiral, David Street, Cardiff CF10 2EH',
          ],
          ['Emergency (from abroad)', '+44 29 2018 0490'],
        ],
      },
      {
        t: 'small',
        text: 'Each national bureau is responsible in respect of the use of the vehicle in its country for handling claims under the legislation on compulsory insurance. Company registration 02622981 (England and Wales).',
      },
    ],
    truth: {
      policy_number: 'ADM 30 117 845',
      insurer: { ref: '219824', printed: 'Admiral Insurance Company Limited' },
      start,
      end,
      plate: 'BD19 RWX',
    },
  };
}

function changeOfVehicle(): Paper {
  const start = day(2026, 2, 22);
  const end = day(2027, 2, 21);
  const change = day(2026, 9, 9);
  return {
    id: 'uk-motor-endorsement',
    country: 'UK',
    type: 'motor',
    style: 'endorsement: changed vehicle',
    look: { family: 'dejavu', size: 9.5, margin: 48 },
    blocks: [
      {
        t: 'head',
        left: ['Hastings Direct', 'Conquest House, Collington Avenue, Bexhill-on-Sea TN39 3LW'],
        right: ['Telephone 03069 990 800', `Issued ${uk.short(change)}`],
      },
      { t: 'title', text: 'Mid-term adjustment confirmation' },
      {
        t: 'p',
        text: 'We have updated your policy following your call. This document replaces the schedule previously issued to you; please keep it with your policy booklet.',
      },
      {
        t: 'kv',
        rows: [
          ['Policyholder', 'Mr Rhodri Pugh-Llewellyn'],
          ['Policy number', 'HD2291047'],
          ['Period of insurance', `${uk.slash(start)} to ${uk.slash(end)}`],
          ['Reason for change', 'Change of vehicle'],
          ['Date of change', uk.slash(change)],
        ],
      },
      {
        t: 'table',
        rows: [
          ['', 'Registration', 'Make and model', 'Value'],
          ['Vehicle removed', 'YR14 GZB', 'Vauxhall Corsa 1.2 SE', '£3,100'],
          ['Vehicle now insured', 'BK21 UWH', 'Kia Ceed 1.5 T-GDi 3', '£14,750'],
        ],
      },
      {
        t: 'p',
        text: 'Additional premium for the rest of the period: £38.62 (including IPT). This will be added to your remaining instalments.',
      },
      {
        t: 'small',
        text: 'Hastings Direct is a trading name of Advantage Insurance Company Limited, which underwrites this policy. Advantage Insurance Company Limited is registered in Gibraltar (company number 93211) and is licensed by the Gibraltar Financial Services Commission. Hastings Insurance Services Limited, which arranges the policy, is authorised and regulated by the Financial Conduct Authority (FRN 311492).',
      },
    ],
    truth: {
      policy_number: 'HD2291047',
      insurer: { ref: '85900', printed: 'Advantage Insurance Company Limited' },
      start,
      end,
      plate: 'BK21 UWH',
    },
  };
}

function classicCarBrokerLetter(): Paper {
  const start = day(2026, 4, 19);
  const end = day(2027, 4, 18);
  const written = day(2026, 4, 9);
  return {
    id: 'uk-motor-broker-letter',
    country: 'UK',
    type: 'motor',
    style: 'broker letter with the broker\u2019s FRN and telephone numbers; plate in prose',
    look: { family: 'serif', size: 11, margin: 64 },
    blocks: [
      {
        t: 'head',
        left: ['Kestrel & Finch Insurance Brokers Ltd', 'Unit 4, Tanner\u2019s Yard, Ludlow SY8 1AH'],
        right: ['Tel. 01632 960 318', 'Fax 01632 960 319', 'FCA FRN 308417', uk.nth(written)],
      },
      { t: 'p', text: 'Mr Alasdair Whitcombe\nThe Old Forge\nClee St Margaret\nShropshire SY7 9DT' },
      { t: 'p', text: 'Dear Alasdair,' },
      { t: 'p', text: 'Re: Classic vehicle policy HVN/CL/0037711 — 1972 MGB GT, SDU 481' },
      {
        t: 'p',
        text: `Further to our conversation on Tuesday, we have arranged cover for your MGB on a limited-mileage (3,000 miles) agreed-value basis of £16,500. Cover starts on ${uk.nth(start)} and ends on ${uk.nth(end)}. Your car is insured with Haven Insurance Company Limited, and the enclosed certificate and schedule are issued on their behalf.`,
      },
      {
        t: 'p',
        text: 'Please check the enclosed documents carefully. In particular, the policy requires the car to be kept in the locked garage at the address above overnight, and it may only be driven by you and Mrs Whitcombe. Club membership (MG Owners\u2019 Club no. 117420) has been noted and gives the 10% discount shown.',
      },
      {
        t: 'p',
        text: 'For a claim, call the insurer\u2019s claims line on 0161 496 0537, quoting the policy number above; for anything else, call us on 01632 960 318 between 9am and 5pm.',
      },
      { t: 'p', text: 'Kind regards,\n\nEleanor Finch, Cert CII\nAccount Executive' },
      {
        t: 'small',
        text: 'Kestrel & Finch Insurance Brokers Ltd is authorised and regulated by the Financial Conduct Authority, firm reference number 308417. Registered in England No. 04417720. Registered office as above. We act on your behalf in arranging this insurance.',
      },
    ],
    truth: {
      policy_number: 'HVN/CL/0037711',
      insurer: { ref: '85914', printed: 'Haven Insurance Company Limited' },
      start,
      end,
      plate: 'SDU 481',
    },
  };
}

function motorEmail(): Paper {
  const start = day(2026, 10, 18);
  const end = day(2027, 10, 17);
  const sent = day(2026, 10, 3);
  return {
    id: 'uk-motor-email',
    country: 'UK',
    type: 'motor',
    style: 'e-mail confirmation printed to PDF',
    look: {
      family: 'sans',
      size: 10,
      margin: 44,
      printHeader: [`${uk.slash(sent)}, 21:47`, 'Mail - Your car insurance is confirmed'],
      printFooter: ['https://outlook.live.com/mail/0/inbox/id/AQQkADAwATM3ZmYAZS1kNDcwLTk2', '{page}'],
    },
    blocks: [
      { t: 'h', text: 'Your car insurance is confirmed \u2013 ESR4471902836' },
      {
        t: 'kv',
        labelWidth: 60,
        rows: [
          ['From', 'esure <noreply@esure.example>'],
          ['Date', `${uk.dayLong(sent)} 21:46`],
          ['To', 'priya.raman@example.com'],
        ],
      },
      { t: 'rule' },
      { t: 'p', text: 'Hi Priya,' },
      {
        t: 'p',
        text: 'Thanks for buying your car insurance with esure. Here\u2019s a summary of what you\u2019ve bought. Your policy documents, including your certificate of motor insurance, are attached to this email and are also in your online account.',
      },
      {
        t: 'table',
        rows: [
          ['Your policy', ''],
          ['Policy number', 'ESR4471902836'],
          ['Car', 'Toyota Yaris Hybrid, GN72 XHD'],
          ['Cover', 'Comprehensive'],
          ['Starts', uk.long(start)],
          ['Ends', uk.long(end)],
          ['Total price', '£489.16'],
        ],
      },
      {
        t: 'p',
        text: 'Need to make a change? Log in to your account or call 03069 990 869. Lines are open 8am\u20138pm Monday to Friday.',
      },
      {
        t: 'small',
        text: 'esure is a trading name of esure Insurance Limited. Registered in England and Wales No. 03800491. Registered Office: The Observatory, Reigate, Surrey RH2 0SG. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Financial Services Register number 203350). Please don\u2019t reply to this email.',
      },
    ],
    truth: {
      policy_number: 'ESR4471902836',
      insurer: { ref: '203350', printed: 'esure Insurance Limited' },
      start,
      end,
      plate: 'GN72 XHD',
    },
  };
}

function motorSchedule(): Paper {
  const start = day(2025, 11, 27);
  const end = day(2026, 11, 26);
  const issued = day(2025, 11, 20);
  const account = iban(rng, 'GB');
  return {
    id: 'uk-motor-schedule-multipage',
    country: 'UK',
    type: 'motor',
    style: 'multi-page policy schedule',
    look: {
      family: 'sans',
      size: 9.5,
      margin: 46,
      printFooter: ['Aviva Car Insurance schedule AV41870536', 'Page {page}'],
    },
    blocks: [
      {
        t: 'head',
        left: ['Aviva', 'PO Box 3060, Norwich NR1 3UQ'],
        right: [`Date of issue: ${uk.slash(issued)}`, 'Quote reference: QTE 6610 2284 71'],
      },
      { t: 'title', text: 'Car Insurance \u2013 Policy Schedule' },
      {
        t: 'kv',
        rows: [
          ['Policyholder', 'Mrs Gwendolyn A. Marchetti'],
          ['Address', '27 Larkspur Drive, Cheltenham GL52 6PW'],
          ['Policy number', 'AV41870536'],
          ['Period of insurance', `From ${uk.long(start)} to ${uk.long(end)} (both days inclusive)`],
          ['Reason for issue', 'New business'],
          ['Level of cover', 'Comprehensive'],
        ],
      },
      { t: 'h', text: 'Insured vehicle' },
      {
        t: 'kv',
        rows: [
          ['Registration', 'WU23 KPF'],
          ['Make / model', 'Volkswagen Golf Life 1.5 eTSI 150'],
          ['Year of manufacture', '2023'],
          ['VIN', 'WVWZZZCDZPW118274'],
          ['Estimated value', '£21,400'],
          ['Kept overnight', 'On a private driveway at the address above'],
        ],
      },
      { t: 'h', text: 'Drivers' },
      {
        t: 'table',
        rows: [
          ['Name', 'Date of birth', 'Licence', 'Relationship'],
          ['Gwendolyn A. Marchetti', '03/07/1968', 'MARCH707038GA9XY', 'Policyholder'],
          ['Luca Marchetti', '19/12/1999', 'MARCH912199L99KT', 'Son'],
        ],
      },
      { t: 'h', text: 'Excesses' },
      {
        t: 'table',
        rows: [
          ['Section', 'Compulsory', 'Voluntary', 'Total'],
          ['Accidental damage', '£250', '£150', '£400'],
          ['Fire and theft', '£250', '£150', '£400'],
          ['Windscreen (repair / replace)', '£10 / £115', '\u2013', '£10 / £115'],
        ],
      },
      { t: 'page' },
      { t: 'h', text: 'Endorsements applying to your policy' },
      {
        t: 'p',
        text: '001 Protected No Claim Discount. Your No Claim Discount of 6 years will not be reduced following up to two claims in any three-year period.',
      },
      {
        t: 'p',
        text: '017 Approved repairer. If you do not use our approved repairer, we will pay up to the amount our approved repairer would have charged.',
      },
      {
        t: 'p',
        text: '052 Young driver. An additional excess of £250 applies while the car is driven by anyone under 25.',
      },
      { t: 'h', text: 'Premium' },
      {
        t: 'kv',
        rows: [
          ['Annual premium', '£734.88 including Insurance Premium Tax'],
          ['Payment', 'Direct Debit, 11 instalments of £70.12'],
          ['Account', account],
        ],
      },
      { t: 'h', text: 'Contact us' },
      {
        t: 'p',
        text: 'Claims 0808 157 0498 (24 hours). Glass claims 0808 157 0197. General enquiries 03069 990 077. From abroad +44 1632 960 010.',
      },
      {
        t: 'small',
        text: 'Aviva car insurance is underwritten by Aviva Insurance Limited. Registered in Scotland No. 2116. Registered Office: Pitheavlis, Perth PH2 0NH. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Firm reference number 202153.',
      },
    ],
    truth: {
      policy_number: 'AV41870536',
      insurer: { ref: '202153', printed: 'Aviva Insurance Limited' },
      start,
      end,
      plate: 'WU23 KPF',
    },
  };
}

function singleTripSchedule(): Paper {
  const bought = day(2026, 2, 11);
  const depart = day(2026, 5, 23);
  const back = day(2026, 6, 6);
  return {
    id: 'uk-travel-single-trip',
    country: 'UK',
    type: 'travel',
    style: 'travel policy schedule: trip dates and a purchase date',
    look: { family: 'dejavu', size: 9.5, margin: 50 },
    blocks: [
      {
        t: 'head',
        left: ['Wayfarer Travel Cover', 'wayfarercover.example \u2022 0117 496 0822'],
        right: ['Single Trip Policy', 'Policy Schedule'],
      },
      {
        t: 'kv',
        rows: [
          ['Policy number', 'WTC-5520-184-39'],
          ['Date of purchase', uk.slash(bought)],
          ['Lead traveller', 'Mr Oluwaseun Adebayo-Hart'],
          ['Other travellers', 'Mrs Catrin Adebayo-Hart; Master Idris Adebayo-Hart (age 9)'],
          ['Destination', 'Europe (excluding Spain, Portugal, Cyprus and Malta)'],
          ['Departure date', uk.slash(depart)],
          ['Return date', uk.slash(back)],
          ['Level of cover', 'Silver'],
          ['Premium paid', '£64.20 including IPT'],
        ],
      },
      {
        t: 'p',
        text: 'Cancellation cover starts on the date of purchase shown above. All other sections of cover start when you leave your home to begin the trip and end when you return home, or at midnight on the return date, whichever is sooner.',
      },
      {
        t: 'table',
        rows: [
          ['Section', 'Limit', 'Excess'],
          ['Cancellation and curtailment', '£3,000', '£75'],
          ['Emergency medical expenses', '£10,000,000', '£75'],
          ['Baggage', '£1,500', '£75'],
          ['Personal liability', '£2,000,000', 'Nil'],
        ],
      },
      {
        t: 'p',
        text: '24-hour medical emergency assistance: +44 (0)20 7946 0914. Assistance services are provided by Meridian Assist Ltd on the insurer\u2019s behalf.',
      },
      {
        t: 'small',
        text: 'Wayfarer Travel Cover is arranged by Wayfarer Cover Ltd (FCA firm reference 772019) and underwritten by American International Group UK Limited, registered in England and Wales, company number 10737370, 58 Fenchurch Street, London EC3M 4AB, authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (FRN 781109).',
      },
    ],
    truth: {
      policy_number: 'WTC-5520-184-39',
      insurer: { ref: '781109', printed: 'American International Group UK Limited' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function annualMultiTrip(): Paper {
  const start = day(2026, 1, 5);
  const end = day(2027, 1, 4);
  return {
    id: 'uk-travel-annual',
    country: 'UK',
    type: 'travel',
    style: 'annual multi-trip certificate',
    look: { family: 'sans', size: 10, margin: 54 },
    blocks: [
      {
        t: 'head',
        left: ['AXA Travel Insurance', 'The Quadrangle, 106-118 Station Road, Redhill RH1 1PR'],
        right: ['Certificate of insurance'],
      },
      { t: 'title', text: 'Annual Multi-Trip Travel Insurance' },
      {
        t: 'kv',
        rows: [
          ['Certificate / policy no.', 'AXT 6019 4427'],
          ['Insured persons', 'Dr Farhana Siddiqui, Mr Imran Siddiqui'],
          ['Area of cover', 'Worldwide including USA, Canada and the Caribbean'],
          ['Cover starts', uk.nth(start)],
          ['Cover ends', uk.nth(end)],
          ['Maximum length of any one trip', '45 days'],
          ['Winter sports', 'Included (up to 17 days in total)'],
        ],
      },
      {
        t: 'p',
        text: 'You are covered for any number of trips starting during the period of cover shown, provided each trip begins and ends in the United Kingdom and lasts no longer than the maximum trip length. Trips booked before the cover starts are covered for cancellation only from the start date above.',
      },
      {
        t: 'p',
        text: 'Medical emergencies abroad: call +44 (0)117 496 0214, 24 hours a day. For claims call 03069 990 139.',
      },
      {
        t: 'small',
        text: 'This insurance is underwritten by AXA Insurance UK plc. Registered in England and Wales No. 78950. Registered Office: 20 Gracechurch Street, London EC3V 0BG. AXA Insurance UK plc is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
      },
    ],
    truth: {
      policy_number: 'AXT 6019 4427',
      insurer: { ref: '202312', printed: 'AXA Insurance UK plc' },
      start,
      end,
      plate: null,
    },
  };
}

function packageHolidayEmail(): Paper {
  const booked = day(2026, 1, 30);
  const depart = day(2026, 7, 11);
  const back = day(2026, 7, 25);
  return {
    id: 'uk-travel-package-email',
    country: 'UK',
    type: 'travel',
    style: 'tour operator e-mail with booking reference; trip in a sentence',
    look: {
      family: 'dejavu',
      size: 9.5,
      margin: 40,
      printHeader: ['Gmail - Booking SLT-88412: your travel insurance', ''],
      printFooter: ['https://mail.google.com/mail/u/0/?ik=3f9a1c&view=pt&search=all', '{page}'],
    },
    blocks: [
      {
        t: 'kv',
        labelWidth: 70,
        rows: [
          ['From:', 'Saltmarsh Holidays <bookings@saltmarsh-holidays.example>'],
          ['Sent:', `${uk.us(booked)} at 10:12 AM`],
          ['To:', 'g.feeney@example.net'],
          ['Subject:', 'Booking SLT-88412: your travel insurance'],
        ],
      },
      { t: 'rule' },
      { t: 'p', text: 'Dear Gráinne,' },
      {
        t: 'p',
        text: `Thank you for adding travel insurance to your holiday booking SLT-88412 (Crete, Hotel Aegean Breeze, half board). You and your party are insured for your trip, travelling from ${uk.dayLong(depart)} until ${uk.dayLong(back)}, and for cancellation from today.`,
      },
      {
        t: 'p',
        text: 'Your insurance policy number is STM/26/0418822. Please take it with you, together with your GHIC card.',
      },
      {
        t: 'table',
        rows: [
          ['Traveller', 'Date of birth'],
          ['Gráinne Feeney', '14/02/1981'],
          ['Conor Feeney', '30/09/1979'],
          ['Aoife Feeney', '02/06/2014'],
        ],
      },
      {
        t: 'p',
        text: 'If you need medical help while you are away, call the 24-hour emergency line on +44 (0)113 496 0750. For our holiday reps in Crete call +30 2810 555 017.',
      },
      {
        t: 'small',
        text: 'Saltmarsh Holidays is a trading name of Saltmarsh Travel Group Ltd, ATOL 11872, ABTA P7719. Saltmarsh Holidays acts as an introducer appointed representative. The insurance is underwritten by Astrenska Insurance Limited, registered in England and Wales No. 01708199, authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (FRN 202846).',
      },
    ],
    truth: {
      policy_number: 'STM/26/0418822',
      insurer: { ref: '202846', printed: 'Astrenska Insurance Limited' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function longStayLetter(): Paper {
  const written = day(2026, 8, 14);
  const depart = day(2026, 9, 1);
  const back = day(2027, 2, 28);
  return {
    id: 'uk-travel-long-stay',
    country: 'UK',
    type: 'travel',
    style: 'letter: long-stay trip in prose',
    look: { family: 'serif', size: 10.5, margin: 58 },
    blocks: [
      { t: 'head', left: ['Hiscox', '1 Great St Helen\u2019s, London EC3A 6HX'], right: [uk.long(written)] },
      { t: 'p', text: 'Ms Saoirse Kavanagh-Brooks\nFlat 6, 11 Jubilee Terrace\nLeeds LS6 2QY' },
      { t: 'p', text: 'Dear Ms Kavanagh-Brooks,' },
      { t: 'p', text: 'Your long stay travel policy HX-LS-20417736' },
      {
        t: 'p',
        text: `Thank you for insuring your trip with us. This letter confirms that you are covered for your trip to Australia, New Zealand and South-East Asia from ${uk.long(depart)} until ${uk.long(back)}, a total of 181 days. Cancellation cover began when you bought the policy on 12 August.`,
      },
      {
        t: 'p',
        text: 'Your passport number (recorded for assistance purposes) is 547120983. If you extend your trip, please contact us before the end date above: we cannot extend cover once it has ended.',
      },
      { t: 'p', text: 'In an emergency, our assistance team can be reached at any time on +44 (0)20 7946 0325.' },
      { t: 'p', text: 'Yours sincerely,\nHiscox Customer Team' },
      {
        t: 'small',
        text: 'Hiscox Insurance Company Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (firm reference number 113849). Registered in England and Wales, company number 00070234.',
      },
    ],
    truth: {
      policy_number: 'HX-LS-20417736',
      insurer: { ref: '113849', printed: 'Hiscox Insurance Company Limited' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function skiCover(): Paper {
  const bought = day(2026, 11, 2);
  const depart = day(2027, 1, 16);
  const back = day(2027, 1, 23);
  return {
    id: 'uk-travel-winter-sports',
    country: 'UK',
    type: 'travel',
    style: 'retail brand schedule naming the underwriter; purchase date',
    look: { family: 'condensed', size: 9.5, margin: 50 },
    blocks: [
      {
        t: 'head',
        left: ['Pinewood Snowsports Insurance', 'Pinewood Cover Ltd, 8 Market Place, Kendal LA9 4TN'],
        right: ['Helpline 01632 960 224', `Issued ${uk.short(bought)}`],
      },
      { t: 'title', text: 'Your Winter Sports Schedule' },
      {
        t: 'table',
        rows: [
          ['Policy number', 'Policy type', 'Resort'],
          ['PWS 0098 3321', 'Single trip, winter sports', 'Val Thorens, France'],
        ],
      },
      {
        t: 'table',
        rows: [
          ['Insured', 'Date of birth', 'Activity'],
          ['Mr Kwame Osei-Bonsu', '22/04/1990', 'Skiing on and off piste with a guide'],
          ['Ms Lotte Haverkamp', '09/11/1992', 'Snowboarding on piste'],
        ],
      },
      {
        t: 'kv',
        rows: [
          ['Travel dates', `${uk.short(depart)} \u2013 ${uk.short(back)}`],
          ['Ski pass and equipment hire', 'Covered up to £500 per person'],
          ['Piste closure', '£30 per day, up to £300'],
        ],
      },
      {
        t: 'p',
        text: 'Cancellation cover starts on the issue date of this schedule. Ski equipment cover applies only during the travel dates.',
      },
      {
        t: 'small',
        text: 'Pinewood Snowsports Insurance is arranged by Pinewood Cover Ltd, an appointed representative of Fellside Insurance Services Ltd (FRN 611482). The insurance is underwritten by Ageas Insurance Limited, Ageas House, Hampshire Corporate Park, Templars Way, Eastleigh SO53 3YA, registered in England and Wales No. 354568. 24-hour medical assistance is provided by Alpine Rescue Assistance: +33 4 79 00 18 45.',
      },
    ],
    truth: {
      policy_number: 'PWS 0098 3321',
      insurer: { ref: '202039', printed: 'Ageas Insurance Limited' },
      start: depart,
      end: back,
      plate: null,
    },
  };
}

function bupaCertificate(): Paper {
  const start = day(2026, 2, 1);
  const end = day(2027, 1, 31);
  return {
    id: 'uk-health-membership-certificate',
    country: 'UK',
    type: 'health',
    style: 'membership certificate',
    look: { family: 'sans', size: 10, margin: 56 },
    blocks: [
      {
        t: 'head',
        left: ['Bupa', 'Bupa Health Insurance, Salford Quays, Manchester M50 3XL'],
        right: ['Membership certificate'],
      },
      { t: 'title', text: 'Bupa By You \u2013 your membership certificate' },
      {
        t: 'kv',
        rows: [
          ['Main member', 'Mr Anand Venkataraman'],
          ['Membership number', '8834 1197 02'],
          ['Cover start date', uk.long(start)],
          ['Cover end date', uk.long(end)],
          ['Underwriting', 'Moratorium'],
          ['Outpatient limit', '£1,000'],
          ['Excess', '£250 per member per year'],
        ],
      },
      {
        t: 'table',
        rows: [
          ['Member', 'Relationship', 'Date of birth', 'Joined'],
          ['Anand Venkataraman', 'Main member', '17/03/1977', '01/02/2023'],
          ['Meera Venkataraman', 'Partner', '05/10/1979', '01/02/2023'],
          ['Rohan Venkataraman', 'Child', '28/06/2011', '01/02/2024'],
        ],
      },
      {
        t: 'p',
        text: 'To make a claim or check you are covered, call 03069 990 111 before you have treatment. Please have your membership number ready.',
      },
      {
        t: 'small',
        text: 'Bupa health insurance is provided by Bupa Insurance Limited. Registered in England and Wales No. 3956433. Bupa Insurance Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Arranged and administered by Bupa Insurance Services Limited, which is authorised and regulated by the Financial Conduct Authority. Registered office: 1 Angel Court, London EC2R 7HJ.',
      },
    ],
    truth: {
      policy_number: '8834 1197 02',
      insurer: { ref: '203332', printed: 'Bupa Insurance Limited' },
      start,
      end,
      plate: null,
    },
  };
}

function corporateScheme(): Paper {
  const start = day(2026, 4, 1);
  const end = day(2027, 3, 31);
  return {
    id: 'uk-health-company-scheme',
    country: 'UK',
    type: 'health',
    style: 'company scheme membership statement with a scheme number',
    look: { family: 'serif', size: 10, margin: 50 },
    blocks: [
      {
        t: 'head',
        left: ['AXA Health', 'Phillips House, Crescent Road, Tunbridge Wells TN1 2PL'],
        right: ['Statement of membership'],
      },
      { t: 'p', text: 'Ms Joanna Przybylska\nc/o Marlow Analytics Ltd\nThe Courtyard, Marlow SL7 1HZ' },
      {
        t: 'kv',
        rows: [
          ['Company scheme', 'Marlow Analytics Ltd \u2013 Staff Healthcare Plan'],
          ['Scheme number', '30471'],
          ['Your membership number', 'D4410872'],
          ['Scheme year', `${uk.slash(start)} \u2013 ${uk.slash(end)}`],
          ['Cover', 'Business Health Pro, full medical history disregarded'],
          ['Benefit in kind value', '£1,084.00 (for your P11D)'],
        ],
      },
      {
        t: 'p',
        text: 'Your employer pays for this cover. Your membership continues until the end of the scheme year above, or until you leave the company if sooner. If you leave, you may be able to continue cover under a personal plan without new medical exclusions; call 0808 157 0084 within 30 days of leaving.',
      },
      { t: 'p', text: 'Doctor@Hand virtual GP: book online or call 03069 990 244.' },
      {
        t: 'small',
        text: 'AXA Health is a trading name of AXA PPP healthcare Limited. Registered in England and Wales No. 3148119. Registered office: 20 Gracechurch Street, London EC3V 0BG. AXA PPP healthcare Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
      },
    ],
    truth: {
      policy_number: 'D4410872',
      insurer: { ref: '202947', printed: 'AXA PPP healthcare Limited' },
      start,
      end,
      plate: null,
    },
  };
}

function healthRenewal(): Paper {
  const written = day(2026, 8, 20);
  const start = day(2026, 9, 18);
  const end = day(2027, 9, 17);
  return {
    id: 'uk-health-renewal-prose',
    country: 'UK',
    type: 'health',
    style: 'renewal letter, period only in prose',
    look: { family: 'dejavu', size: 10, margin: 60 },
    blocks: [
      { t: 'head', left: ['Vitality', '3 More London Riverside, London SE1 2AQ'], right: [uk.nth(written)] },
      { t: 'p', text: 'Mrs Beatrix Lindqvist-Moore\n5 Cedar Rise\nBasingstoke RG24 8UF' },
      { t: 'p', text: 'Dear Beatrix,' },
      { t: 'h', text: 'It\u2019s time to renew your health insurance' },
      {
        t: 'p',
        text: `Your Vitality health insurance plan (policy number 200 419 8735) is due for renewal. If you are happy to continue, you don\u2019t need to do anything: your cover will renew on ${uk.nth(start)} and continue until ${uk.nth(end)}.`,
      },
      {
        t: 'p',
        text: 'Your monthly premium will be £96.35, up from £88.10. Your Vitality status this year was Gold, which saved you £11.40 a month. Premiums go up with age, and because of the rising cost of treatment; your status next year depends on the activity points you earn.',
      },
      {
        t: 'p',
        text: 'If you\u2019d like to talk about your options, call us on 03069 990 523 (Monday to Friday 8am\u20138pm, Saturday 9am\u20135pm).',
      },
      { t: 'p', text: 'Best wishes,\nThe Vitality team' },
      {
        t: 'small',
        text: 'Vitality Health Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Registered number 05933141. Registered office at 3 More London Riverside, London, SE1 2AQ.',
      },
    ],
    truth: {
      policy_number: '200 419 8735',
      insurer: { ref: '400057', printed: 'Vitality Health Limited' },
      start,
      end,
      plate: null,
    },
  };
}

function healthEmail(): Paper {
  const sent = day(2026, 3, 27);
  const start = day(2026, 4, 1);
  const end = day(2027, 3, 31);
  return {
    id: 'uk-health-email',
    country: 'UK',
    type: 'health',
    style: 'e-mail confirmation printed to PDF',
    look: {
      family: 'sans',
      size: 10,
      margin: 42,
      printHeader: [`${uk.slash(sent)} 08:03`, 'Welcome to WPA'],
      printFooter: ['about:blank', '{page}'],
    },
    blocks: [
      {
        t: 'kv',
        labelWidth: 70,
        rows: [
          ['From', 'WPA Member Services <members@wpa.example>'],
          ['Sent', `${uk.long(sent)} 08:02`],
          ['To', 'Owain Bevan-Thomas'],
          ['Subject', 'Welcome to WPA \u2013 your policy WPA5120984'],
        ],
      },
      { t: 'rule' },
      { t: 'p', text: 'Dear Owain,' },
      {
        t: 'p',
        text: 'Welcome to WPA. Your Flexible Health Premier policy has been set up and your membership cards are on their way.',
      },
      {
        t: 'kv',
        rows: [
          ['Policy number', 'WPA5120984'],
          ['Start date', uk.slash(start)],
          ['Renewal date', `${uk.slash(day(2027, 4, 1))} (cover runs to ${uk.slash(end)})`],
          ['Excess', '£100 per claim'],
          ['Monthly premium', '£71.90 by Direct Debit'],
        ],
      },
      {
        t: 'p',
        text: 'Before any treatment, please call our Customer Care team on 0808 157 0199 for pre-authorisation.',
      },
      {
        t: 'small',
        text: 'WPA is the trading name of Western Provident Association Limited, registered in England and Wales No. 475855, Rivergate House, Blackbrook Park, Taunton TA1 2PE. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
      },
    ],
    truth: {
      policy_number: 'WPA5120984',
      insurer: { ref: '202608', printed: 'Western Provident Association Limited' },
      start,
      end,
      plate: null,
    },
  };
}

function cashPlanCard(): Paper {
  const start = day(2026, 7, 1);
  const end = day(2027, 6, 30);
  return {
    id: 'uk-health-cash-plan-card',
    country: 'UK',
    type: 'health',
    style: 'membership card sheet (cash plan)',
    look: { family: 'condensed', size: 9, margin: 70 },
    blocks: [
      {
        t: 'p',
        text: 'Your new membership cards are below. Cut along the dotted line and keep one in your purse or wallet.',
      },
      { t: 'rule' },
      { t: 'h', text: 'Westfield Health \u2013 Foundation Health Plan, level 3' },
      {
        t: 'kv',
        labelWidth: 150,
        rows: [
          ['Member', 'MRS N. ACHTERBERG'],
          ['Membership no.', '3309 8127 4'],
          ['Valid', `${uk.slash(start)} to ${uk.slash(end)}`],
          ['Claims & enquiries', '0114 496 0200'],
        ],
      },
      { t: 'rule' },
      { t: 'h', text: 'Westfield Health \u2013 Foundation Health Plan, level 3' },
      {
        t: 'kv',
        labelWidth: 150,
        rows: [
          ['Member', 'MR H. ACHTERBERG (partner)'],
          ['Membership no.', '3309 8127 4'],
          ['Valid', `${uk.slash(start)} to ${uk.slash(end)}`],
          ['Claims & enquiries', '0114 496 0200'],
        ],
      },
      { t: 'rule' },
      {
        t: 'small',
        text: 'Westfield Health is the trading name of Westfield Contributory Health Scheme Limited, a company limited by guarantee, registered in England and Wales No. 00316166. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority. Westfield House, 60 Charter Row, Sheffield S1 3FZ.',
      },
    ],
    truth: {
      policy_number: '3309 8127 4',
      insurer: { ref: '202609', printed: 'Westfield Contributory Health Scheme Limited' },
      start,
      end,
      plate: null,
    },
  };
}

function temporaryCarCover(): Paper {
  const start = day(2026, 4, 3);
  const end = day(2026, 4, 10);
  return {
    id: 'uk-motor-temporary',
    country: 'UK',
    type: 'motor',
    style: 'short-term (7-day) certificate, times on the dates',
    look: { family: 'sans', size: 9.5, margin: 50 },
    blocks: [
      {
        t: 'head',
        left: ['Hopalong Temporary Cover', 'hopalong.example \u2022 help@hopalong.example'],
        right: ['Certificate of Motor Insurance', 'and Policy Schedule'],
      },
      {
        t: 'kv',
        rows: [
          ['Policy number', 'HTC70448213'],
          ['Driver', 'Mr Callum Fitzgerald-Ng (licence FITZG903155C99PL)'],
          ['Vehicle', 'Nissan Qashqai, registration FY66 LRE, owned by Mrs Deirdre Fitzgerald'],
          ['Cover starts', `14:32 on ${uk.slash(start)}`],
          ['Cover ends', `14:32 on ${uk.slash(end)}`],
          ['Duration', '7 days'],
          ['Cover', 'Comprehensive, excess £500'],
          ['Price', '£71.45 including IPT'],
        ],
      },
      {
        t: 'p',
        text: 'This policy does not affect the no-claims discount of the vehicle owner\u2019s annual policy. Use is restricted to social, domestic and pleasure purposes; the vehicle may not be driven by anyone else under this policy.',
      },
      {
        t: 'p',
        text: 'To claim, call 0808 157 0733 (24 hours). Keep this certificate with you while driving: the police may ask to see it.',
      },
      {
        t: 'small',
        text: 'I hereby certify that the policy to which this certificate relates satisfies the requirements of the relevant law applicable in Great Britain, Northern Ireland, the Isle of Man, the Island of Guernsey, the Island of Jersey and the Island of Alderney. Mulsanne Insurance Company Limited, Authorised Insurers. Hopalong Temporary Cover is a trading style of Hopalong Ltd (FRN 823304), registered in England No. 11094528, which arranges this insurance. Mulsanne Insurance Company Limited is licensed by the Gibraltar Financial Services Commission (licence number FSC00729B).',
      },
    ],
    truth: {
      policy_number: 'HTC70448213',
      insurer: { ref: '101673', printed: 'Mulsanne Insurance Company Limited' },
      start,
      end,
      plate: 'FY66 LRE',
    },
  };
}

function vanSchedule(): Paper {
  const start = day(2026, 6, 29);
  const end = day(2027, 6, 28);
  return {
    id: 'uk-motor-van-schedule',
    country: 'UK',
    type: 'motor',
    style: 'commercial van schedule with VAT and company numbers',
    look: { family: 'serif', size: 10, margin: 52 },
    blocks: [
      {
        t: 'head',
        left: ['Highway Insurance', 'Sunderland House, 2 Harold Street, Leeds LS6 1PL'],
        right: ['Schedule \u2013 Van Insurance', `Printed ${uk.slash(day(2026, 6, 22))}`],
      },
      {
        t: 'kv',
        rows: [
          ['The Insured', 'Thornbury Plumbing & Heating Ltd'],
          ['Business', 'Plumbing and heating engineers'],
          ['Company number', '09118342'],
          ['VAT registration', 'GB 274 1198 36'],
          ['Policy number', 'HWV 1182 4093'],
          ['Period of insurance', `${uk.long(start)} to ${uk.long(end)}, both dates inclusive`],
        ],
      },
      {
        t: 'table',
        rows: [
          ['Vehicle', 'Registration', 'Gross weight', 'Use'],
          [
            'Ford Transit Custom 280 L1',
            'YE70 HZK',
            '2,800 kg',
            'Class 3 (business use by the insured and employees, carriage of own goods)',
          ],
        ],
      },
      { t: 'h', text: 'Drivers' },
      {
        t: 'p',
        text: 'Any director or employee of the Insured aged 25 to 75 holding a full UK licence for at least 2 years, with no more than 6 penalty points.',
      },
      {
        t: 'p',
        text: 'Tools in the van are covered up to £2,500 between 7am and 7pm; overnight only in a locked building.',
      },
      { t: 'p', text: 'Claims helpline 0113 496 0102. Broker: Airedale Commercial Insurance, 0113 496 0455.' },
      {
        t: 'small',
        text: 'This insurance is underwritten by Highway Insurance Company Limited, registered in England and Wales No. 3730662. Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.',
      },
    ],
    truth: {
      policy_number: 'HWV 1182 4093',
      insurer: { ref: '202972', printed: 'Highway Insurance Company Limited' },
      start,
      end,
      plate: 'YE70 HZK',
    },
  };
}
