// German paperwork: Kfz-Versicherungsschein with eVB and FIN, Nachtrag on a change of vehicle, Beitragsrechnung
// with the new period in a sentence, a broker's letter with the IHK register number, an e-mail; travel insurance
// bought with a trip or for a year; private health insurers' Mitgliedsbescheinigung and confirmations.
import {
  addDays,
  de,
  dePassport,
  dePhone,
  dePlate,
  hrb,
  iban,
  ihkRegister,
  kvnr,
  Rng,
  someDay,
  vin,
  yearLater,
} from '../formats.js';
import type { Draft } from './draft.js';

const HOLDERS = [
  'Herr Jonas Behrendt',
  'Frau Miriam Kessler',
  'Frau Aylin Demir',
  'Herr Lukas Hoffmeister',
  'Frau Dr. Katrin Sommerfeld',
  'Herr Mehmet Yıldız',
];
const STREETS = [
  'Lindenstraße 12, 80469 München',
  'Am Stadtgarten 4, 50667 Köln',
  'Hauptstraße 87a, 69117 Heidelberg',
  'Birkenweg 3, 30159 Hannover',
  'Schillerplatz 9, 70173 Stuttgart',
];
const CARS = [
  'VW Golf 1.5 eTSI',
  'Opel Astra 1.2 Turbo',
  'BMW 318d Touring',
  'Skoda Octavia Combi 2.0 TDI',
  'Mercedes-Benz A 180',
  'Ford Focus Turnier 1.0 EcoBoost',
];

/** The German end of an annual contract written as the last day (31.12.) rather than "1.1., 0 Uhr". */
const calendarYear = (y: number) => ({ start: { y, m: 1, d: 1 }, end: { y, m: 12, d: 31 } });

export function deDocuments(rng: Rng): Draft[] {
  const out: Draft[] = [];
  const holder = () => rng.pick(HOLDERS);
  const address = () => rng.pick(STREETS);

  // 1. Versicherungsschein Kfz with FIN, HSN/TSN and the eVB number.
  {
    const { start, end } = calendarYear(rng.int(2026, 2027));
    const plate = dePlate(rng);
    const policy = `${rng.digits(3)}/${rng.digits(6)}-${rng.digits(1)}`;
    out.push({
      id: 'de-motor-versicherungsschein',
      country: 'DE',
      type: 'motor',
      language: 'de',
      look: { family: 'sans', size: 9.5, margin: 50 },
      blocks: [
        {
          t: 'head',
          left: ['HUK-COBURG', 'Bahnhofsplatz, 96444 Coburg'],
          right: [`Telefon ${dePhone(rng, 'service')}`, `Telefax ${dePhone(rng, 'national')}`],
        },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'title', text: 'Versicherungsschein für Ihre Kfz-Versicherung' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsschein-Nr.', policy],
            ['Amtliches Kennzeichen', plate],
            ['Fahrzeug', rng.pick(CARS)],
            ['Fahrzeug-Identifizierungsnummer', vin(rng, 'WVW')],
            ['HSN / TSN', `${rng.digits(4)} / ${rng.letters(3)}`],
            ['eVB-Nummer', rng.letters(7, 'ABCDEFGHJKLMNPRSTUVWXYZ23456789')],
            ['Versicherungsbeginn', `${de.dot(start)}, 00:00 Uhr`],
            ['Versicherungsablauf', `${de.dot(end)}, 24:00 Uhr`],
          ],
        },
        {
          t: 'p',
          text: 'Der Vertrag verlängert sich jeweils um ein Jahr, wenn er nicht spätestens einen Monat vor Ablauf gekündigt wird.',
        },
        {
          t: 'table',
          rows: [
            ['Sparte', 'Deckung', 'Jahresbeitrag'],
            ['Kfz-Haftpflicht', '100 Mio. EUR pauschal', '312,40 EUR'],
            ['Teilkasko', 'SB 150 EUR', '96,10 EUR'],
          ],
        },
        {
          t: 'small',
          text: `Versicherer: HUK-COBURG Allgemeine Versicherung AG, Bahnhofsplatz, 96444 Coburg. ${hrb(rng, 'Coburg')}. Vorsitzender des Aufsichtsrats: Dr. W. Beispiel.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'HUK-COBURG Allgemeine Versicherung AG',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 2. Nachtrag: Fahrzeugwechsel, old and new plate.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const change = addDays(start, rng.int(30, 250));
    const oldPlate = dePlate(rng);
    const newPlate = dePlate(rng);
    const policy = `AS-${rng.digits(10)}`;
    out.push({
      id: 'de-motor-nachtrag-fahrzeugwechsel',
      country: 'DE',
      type: 'motor',
      language: 'de',
      look: { family: 'condensed', size: 9.5, margin: 52 },
      blocks: [
        { t: 'head', left: ['Allianz', 'Königinstraße 28, 80802 München'], right: [`Datum: ${de.dot(change)}`] },
        { t: 'title', text: 'Nachtrag zum Versicherungsschein - Fahrzeugwechsel' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnehmer', holder()],
            ['Versicherungsnummer', policy],
            ['Vertragslaufzeit', `${de.dot(start)} bis ${de.dot(end)}`],
            ['Änderung gültig ab', de.dot(change)],
            ['bisheriges Kennzeichen', oldPlate],
            ['neues Kennzeichen', newPlate],
            ['neues Fahrzeug', rng.pick(CARS)],
          ],
        },
        {
          t: 'p',
          text: 'Das bisherige Fahrzeug ist ab dem Änderungsdatum nicht mehr versichert. Alle übrigen Vereinbarungen bleiben unverändert.',
        },
        {
          t: 'small',
          text: `Allianz Versicherungs-AG, Königinstraße 28, 80802 München. ${hrb(rng, 'München')}. Service: ${dePhone(rng, 'national')}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Allianz Versicherungs-AG',
        start_date: start,
        end_date: end,
        vehicle_registration: newPlate,
      },
    });
  }

  // 3. Beitragsrechnung: the coming period in a sentence, a SEPA mandate's IBAN and creditor id.
  {
    const { start, end } = calendarYear(rng.int(2026, 2027));
    const plate = dePlate(rng, { hyphen: false });
    const policy = `${rng.digits(9)}`;
    out.push({
      id: 'de-motor-beitragsrechnung-prosa',
      country: 'DE',
      type: 'motor',
      language: 'de',
      look: { family: 'serif', size: 10.5, margin: 60 },
      blocks: [
        {
          t: 'head',
          left: ['DEVK Versicherungen', 'Riehler Straße 190, 50735 Köln'],
          right: [de.long(addDays(start, -45))],
        },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'p', text: `Vertragsnummer ${policy}` },
        { t: 'h', text: 'Beitragsrechnung für Ihre Kfz-Versicherung' },
        {
          t: 'p',
          text: `Sehr geehrte Kundin, sehr geehrter Kunde, Ihre Kfz-Versicherung für das Fahrzeug mit dem Kennzeichen ${plate} verlängert sich um ein weiteres Jahr. Der Versicherungsschutz läuft vom ${de.long(start)} bis zum ${de.long(end)}.`,
        },
        {
          t: 'p',
          text: `Den Beitrag von 487,20 EUR buchen wir am ${de.dot(start)} von Ihrem Konto ${iban(rng, 'DE')} ab. Gläubiger-Identifikationsnummer DE${rng.digits(2)}ZZZ0000${rng.digits(7)}, Mandatsreferenz ${rng.digits(12)}.`,
        },
        {
          t: 'p',
          text: `Fragen? Rufen Sie uns an: ${dePhone(rng, 'service')} oder aus dem Ausland ${dePhone(rng, 'international')}.`,
        },
        { t: 'small', text: `DEVK Allgemeine Versicherungs-AG, Riehler Straße 190, 50735 Köln. ${hrb(rng, 'Köln')}.` },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'DEVK Allgemeine Versicherungs-AG',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 4. Maklerschreiben: the IHK register number, the commercial register, the Risikoträger.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const plate = dePlate(rng);
    const policy = `KF${rng.digits(9)}`;
    out.push({
      id: 'de-motor-makler',
      country: 'DE',
      type: 'motor',
      language: 'de',
      look: { family: 'dejavu', size: 9.5, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: ['Versicherungsmakler Brandt & Söhne GmbH', 'Marktplatz 6, 69117 Heidelberg'],
          right: [`Tel. ${dePhone(rng, 'national')}`, `Fax ${dePhone(rng, 'national')}`],
        },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'h', text: 'Deckungsbestätigung Ihrer Kfz-Versicherung' },
        {
          t: 'p',
          text: `wir bestätigen Ihnen den Abschluss der Kfz-Haftpflicht- und Vollkaskoversicherung für Ihr Fahrzeug ${rng.pick(CARS)}, ${plate}.`,
        },
        {
          t: 'kv',
          rows: [
            ['Risikoträger', 'VHV Allgemeine Versicherung AG, Hannover'],
            ['Versicherungsschein-Nr.', policy],
            ['Beginn', de.dot(start)],
            ['Ende', de.dot(end)],
          ],
        },
        {
          t: 'p',
          text: 'Den Versicherungsschein erhalten Sie direkt vom Versicherer. Bei Rückfragen stehen wir Ihnen gern zur Verfügung.',
        },
        {
          t: 'small',
          text: `Versicherungsmakler mit Erlaubnis nach § 34d Abs. 1 GewO, eingetragen im Vermittlerregister unter der Registrierungsnummer ${ihkRegister(rng)} (www.vermittlerregister.info). Zuständige Stelle: IHK Rhein-Neckar. ${hrb(rng, 'Mannheim')}. Geschäftsführer: Thomas Brandt.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'VHV Allgemeine Versicherung AG',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 5. E-Mail with an electric car's plate (E suffix).
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const sent = addDays(start, -rng.int(2, 14));
    const plate = dePlate(rng, { electric: true });
    const policy = `${rng.digits(11)}`;
    out.push({
      id: 'de-motor-email-elektro',
      country: 'DE',
      type: 'motor',
      language: 'de',
      look: {
        family: 'sans',
        size: 10,
        margin: 46,
        printHeader: [`${de.dot(sent)}, 19:03`, 'Ihre Verti Versicherungsbestätigung'],
        printFooter: ['https://webmail.example.de/?_task=mail&_uid=4412', '{page}'],
      },
      blocks: [
        {
          t: 'mono',
          lines: [
            'Von: Verti Versicherung <service@mail.example-verti.de>',
            `Gesendet: ${de.withDay(sent)} 18:41`,
            'An: kunde@example.de',
            'Betreff: Ihre Autoversicherung ist abgeschlossen',
          ],
        },
        { t: 'rule' },
        { t: 'p', text: 'Hallo,' },
        { t: 'p', text: `vielen Dank für Ihr Vertrauen. Ihr Vertrag mit der Nummer ${policy} ist abgeschlossen.` },
        {
          t: 'table',
          rows: [
            ['Fahrzeug', 'Kennzeichen', 'Beginn', 'Ablauf'],
            ['VW ID.3 Pro', plate, de.dot(start), de.dot(end)],
          ],
        },
        { t: 'p', text: `Ihre Unterlagen finden Sie im Kundenportal. Service-Hotline ${dePhone(rng, 'national')}.` },
        {
          t: 'small',
          text: `Verti Versicherung AG, Rheinpromenade 1, 65760 Eschborn. ${hrb(rng, 'Frankfurt am Main')}.`,
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Verti Versicherung AG',
        start_date: start,
        end_date: end,
        vehicle_registration: plate,
      },
    });
  }

  // 6. Reiseversicherung booked with a trip: Buchungsdatum, Reisezeitraum, the travel agent's Vorgangsnummer.
  {
    const booked = someDay(rng, 2026, 2026);
    const depart = addDays(booked, rng.int(20, 150));
    const back = addDays(depart, rng.int(7, 21));
    const policy = `RV${rng.digits(10)}`;
    out.push({
      id: 'de-travel-buchung',
      country: 'DE',
      type: 'travel',
      language: 'de',
      look: { family: 'sans', size: 9.5, margin: 48 },
      blocks: [
        {
          t: 'head',
          left: ['Reisebüro Sonnenweg', 'Leopoldstraße 31, 80802 München'],
          right: [dePhone(rng, 'national'), 'info@example-sonnenweg.de'],
        },
        { t: 'title', text: 'Versicherungsbestätigung zu Ihrer Reisebuchung' },
        {
          t: 'kv',
          rows: [
            ['Vorgangsnummer', `${rng.digits(7)}`],
            ['Buchungsdatum', de.dot(booked)],
            ['Reisende', `${holder()}, Lena Behrendt`],
            ['Reisepass-Nr.', dePassport(rng)],
            ['Reiseziel', 'Kreta, Griechenland'],
            ['Reisezeitraum', `${de.dot(depart)} - ${de.dot(back)}`],
          ],
        },
        { t: 'h', text: 'RundumSorglos-Schutz' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnummer', policy],
            ['Versicherer', 'ERGO Reiseversicherung AG, München'],
          ],
        },
        {
          t: 'p',
          text: 'Der Reiserücktrittsschutz beginnt mit der Buchung. Der Reiseabbruch- und Krankenschutz gilt für die Dauer der Reise.',
        },
        { t: 'p', text: `Notruf-Service (24 h): ${dePhone(rng, 'international')}` },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'ERGO Reiseversicherung AG',
        start_date: depart,
        end_date: back,
        vehicle_registration: null,
      },
    });
  }

  // 7. Jahres-Reiseversicherung: twelve months, an Abschlussdatum before them.
  {
    const start = someDay(rng, 2026, 2026);
    const end = yearLater(start);
    const policy = `${rng.digits(3)}.${rng.digits(3)}.${rng.digits(3)}`;
    out.push({
      id: 'de-travel-jahresvertrag',
      country: 'DE',
      type: 'travel',
      language: 'de',
      look: { family: 'serif', size: 10, margin: 58 },
      blocks: [
        {
          t: 'head',
          left: ['HanseMerkur Reiseversicherung', 'Siegfried-Wedells-Platz 1, 20354 Hamburg'],
          right: [`Abschlussdatum ${de.dot(addDays(start, -rng.int(3, 20)))}`],
        },
        { t: 'title', text: 'Versicherungsschein Jahres-Reiseschutz' },
        {
          t: 'kv',
          rows: [
            ['Versicherungsnehmer', holder()],
            ['Versicherungsnummer', policy],
            ['Versicherungszeitraum', `vom ${de.dot(start)} bis ${de.dot(end)}`],
            ['Geltungsbereich', 'weltweit'],
            ['Tarif', 'Jahres-Reiseschutz Familie, Reiserücktritt bis 3.000 EUR je Reise'],
          ],
        },
        {
          t: 'p',
          text: `Notfall-Hotline weltweit: ${dePhone(rng, 'international')}. Assistance-Leistungen erbringt die Medizinische Assistance Nord GmbH im Auftrag des Versicherers.`,
        },
        {
          t: 'small',
          text: 'Versicherer: HanseMerkur Reiseversicherung AG, Siegfried-Wedells-Platz 1, 20354 Hamburg. Sitz Hamburg, Amtsgericht Hamburg HRB 19768.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'HanseMerkur Reiseversicherung AG',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 8. E-Mail: the trip in a sentence.
  {
    const sent = someDay(rng, 2026, 2026);
    const depart = addDays(sent, rng.int(10, 80));
    const back = addDays(depart, rng.int(5, 16));
    const policy = `WV-${rng.digits(8)}`;
    out.push({
      id: 'de-travel-email-satz',
      country: 'DE',
      type: 'travel',
      language: 'de',
      look: {
        family: 'dejavu',
        size: 9.5,
        margin: 46,
        printHeader: [`${de.dot(sent)}, 08:15`, 'Posteingang - Ihre Reiseversicherung'],
        printFooter: ['https://mail.example.de/inbox/msg/88213', '{page}'],
      },
      blocks: [
        {
          t: 'mono',
          lines: [
            'Von: Würzburger Versicherung <noreply@example-wuerzburger.de>',
            `Gesendet: ${de.withDay(sent)} 07:58`,
            'Betreff: Bestätigung Ihrer Reiseversicherung',
          ],
        },
        { t: 'rule' },
        { t: 'p', text: `Guten Tag ${holder()},` },
        {
          t: 'p',
          text: `Ihre Reise vom ${de.dot(depart)} bis ${de.dot(back)} ist jetzt versichert. Ihre Versicherungsnummer lautet ${policy}. Die Flugbuchung (Buchungscode ${rng.letters(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789')}) ist davon unabhängig.`,
        },
        {
          t: 'p',
          text: `Im Notfall erreichen Sie unseren Assistance-Partner rund um die Uhr unter ${dePhone(rng, 'international')}.`,
        },
        {
          t: 'small',
          text: 'Würzburger Versicherungs-AG, Bahnhofstraße 11, 97070 Würzburg. Amtsgericht Würzburg HRB 3620.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Würzburger Versicherungs-AG',
        start_date: depart,
        end_date: back,
        vehicle_registration: null,
      },
    });
  }

  // 9. Auslandskrankenschutz of an automobile club: the club membership number is not the policy.
  {
    const { start, end } = calendarYear(2026);
    const policy = `${rng.digits(10)}`;
    out.push({
      id: 'de-travel-club-auslandskranken',
      country: 'DE',
      type: 'travel',
      language: 'de',
      look: { family: 'condensed', size: 9.5, margin: 54 },
      blocks: [
        {
          t: 'head',
          left: ['ADAC Auslandskrankenschutz', 'Hansastraße 19, 80686 München'],
          right: [`Mitglieder-Service ${dePhone(rng, 'service')}`],
        },
        { t: 'title', text: 'Versicherungsbestätigung Auslandskrankenschutz' },
        {
          t: 'kv',
          rows: [
            ['Mitgliedsnummer', `${rng.digits(3)} ${rng.digits(3)} ${rng.digits(3)}`],
            ['Versicherungsnummer', policy],
            ['Versicherte Person', holder()],
            ['Versicherungsjahr', `${de.dot(start)} - ${de.dot(end)}`],
          ],
        },
        { t: 'p', text: 'Versichert sind Reisen ins Ausland bis zu einer Dauer von jeweils 56 Tagen.' },
        {
          t: 'small',
          text: 'Versicherer: ADAC Versicherung AG, Hansastraße 19, 80686 München. Amtsgericht München HRB 100405.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'ADAC Versicherung AG',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 10. Mitgliedsbescheinigung of a mutual private health insurer: since a date, until further notice.
  {
    const start = someDay(rng, 2019, 2025);
    const policy = `${rng.digits(3)} ${rng.digits(5)} ${rng.digits(2)}`;
    out.push({
      id: 'de-health-mitgliedsbescheinigung',
      country: 'DE',
      type: 'health',
      language: 'de',
      look: { family: 'serif', size: 10.5, margin: 62 },
      blocks: [
        {
          t: 'head',
          left: ['SIGNAL IDUNA', 'Joseph-Scherer-Straße 3, 44139 Dortmund'],
          right: [de.long(someDay(rng, 2026, 2026))],
        },
        { t: 'title', text: 'Mitgliedsbescheinigung' },
        {
          t: 'p',
          text: `Hiermit bestätigen wir, dass ${holder()}, geboren am ${de.dot(someDay(rng, 1970, 1999))}, seit dem ${de.dot(start)} bei uns unter der Versicherungsnummer ${policy} Mitglied und krankenversichert ist (Krankheitskosten-Vollversicherung).`,
        },
        {
          t: 'p',
          text: 'Der Versicherungsschutz besteht bis auf Weiteres. Diese Bescheinigung wird zur Vorlage beim Arbeitgeber ausgestellt.',
        },
        { t: 'p', text: `Telefon ${dePhone(rng, 'national')}` },
        {
          t: 'small',
          text: 'SIGNAL IDUNA Krankenversicherung a. G., Joseph-Scherer-Straße 3, 44139 Dortmund. Amtsgericht Dortmund HRB 2405.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'SIGNAL IDUNA Krankenversicherung a.G.',
        start_date: start,
        end_date: null,
        vehicle_registration: null,
      },
    });
  }

  // 11. Confirmation for the foreigners' office: a passport number, a visa period.
  {
    const start = { y: rng.int(2026, 2027), m: 10, d: 1 };
    const end = yearLater(start);
    const policy = `${rng.digits(9)}`;
    out.push({
      id: 'de-health-bestaetigung-visum',
      country: 'DE',
      type: 'health',
      language: 'de',
      look: { family: 'sans', size: 9.5, margin: 52 },
      blocks: [
        {
          t: 'head',
          left: ['HanseMerkur', 'Krankenversicherung für Gaststudierende'],
          right: [`Tel. ${dePhone(rng, 'international')}`],
        },
        { t: 'title', text: 'Versicherungsbestätigung zur Vorlage bei der Ausländerbehörde' },
        {
          t: 'kv',
          rows: [
            ['Versicherte Person', 'Ms Ananya Iyer'],
            ['Reisepass-Nr.', `Z${rng.digits(7)}`],
            ['Versicherungsnummer', policy],
            ['Versicherungsschutz', `vom ${de.dot(start)} bis ${de.dot(end)}`],
          ],
        },
        {
          t: 'p',
          text: 'Der Versicherungsschutz entspricht den Anforderungen an einen ausreichenden Krankenversicherungsschutz nach § 2 Abs. 3 AufenthG.',
        },
        {
          t: 'small',
          text: 'HanseMerkur Krankenversicherung AG, Siegfried-Wedells-Platz 1, 20354 Hamburg. Vermittelt durch Campus Cover Vermittlungs-GmbH.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'HanseMerkur Krankenversicherung AG',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  // 12. Private insurer's confirmation identified by the KVNR alone.
  {
    const start = someDay(rng, 2026, 2026);
    const number = kvnr(rng);
    out.push({
      id: 'de-health-kvnr',
      country: 'DE',
      type: 'health',
      language: 'de',
      look: { family: 'dejavu', size: 9.5, margin: 56 },
      blocks: [
        {
          t: 'head',
          left: ['Allianz Private Krankenversicherung', '10850 Berlin'],
          right: [de.dot(addDays(start, -10))],
        },
        { t: 'title', text: 'Bescheinigung über den Krankenversicherungsschutz' },
        {
          t: 'kv',
          rows: [
            ['Versicherte Person', holder()],
            ['Krankenversichertennummer', number],
            ['Beginn des Versicherungsschutzes', de.dot(start)],
            ['Tarif', 'AktiMed Plus 90'],
          ],
        },
        {
          t: 'p',
          text: 'Die Versicherung ist ein substitutiver Krankenversicherungsschutz im Sinne von § 257 Abs. 2a SGB V und ist nicht befristet.',
        },
        {
          t: 'small',
          text: 'Allianz Private Krankenversicherungs-AG, Königinstraße 28, 80802 München. Amtsgericht München HRB 2743.',
        },
      ],
      truth: {
        policy_number: number,
        underwriter: 'Allianz Private Krankenversicherungs-AG',
        start_date: start,
        end_date: null,
        vehicle_registration: null,
      },
    });
  }

  // 13. Health renewal letter: the next year in a sentence, a bank account below.
  {
    const { start, end } = calendarYear(rng.int(2026, 2027));
    const policy = `KV ${rng.digits(8)}`;
    out.push({
      id: 'de-health-beitragsanpassung-prosa',
      country: 'DE',
      type: 'health',
      language: 'de',
      look: { family: 'condensed', size: 9.5, margin: 60 },
      blocks: [
        { t: 'head', left: ['Barmenia', 'Barmenia-Allee 1, 42119 Wuppertal'], right: [de.long(addDays(start, -40))] },
        { t: 'p', text: `${holder()}\n${address()}` },
        { t: 'p', text: `Versicherungsnummer: ${policy}` },
        { t: 'h', text: 'Ihr Krankenversicherungsschutz im neuen Jahr' },
        {
          t: 'p',
          text: `Ihr Versicherungsschutz besteht vom ${de.long(start)} bis zum ${de.long(end)} unverändert fort. Der monatliche Beitrag beträgt ab dann 612,34 EUR und wird weiterhin von Ihrem Konto ${iban(rng, 'DE')} eingezogen.`,
        },
        { t: 'p', text: `Bei Fragen erreichen Sie uns unter ${dePhone(rng, 'national')}.` },
        {
          t: 'small',
          text: 'Barmenia Krankenversicherung AG, Barmenia-Allee 1, 42119 Wuppertal. Amtsgericht Wuppertal HRB 26945.',
        },
      ],
      truth: {
        policy_number: policy,
        underwriter: 'Barmenia Krankenversicherung AG',
        start_date: start,
        end_date: end,
        vehicle_registration: null,
      },
    });
  }

  return out;
}
