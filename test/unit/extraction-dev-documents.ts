// A development set of insurers' paperwork, written for this test in its own words (not taken from any corpus):
// certificates, schedules, renewal letters in prose, e-mails printed to PDF, broker letters, attestations,
// endorsements, green cards and membership cards, from the UK, Germany and France, as a PDF's text layer lays
// them out (a wide gap where a table cell begins). Each names the fields a careful reader would answer, null where
// the document does not say (a home policy has no type the service knows, a welcome e-mail no policy number yet).
import type { ExtractedFields } from '../../domain/extraction/types.js';

export interface DevDocument {
  id: string;
  text: string;
  /** The fields a careful reader answers; a field left out is not judged. */
  want: Partial<
    Pick<
      ExtractedFields,
      'policy_number' | 'insurer' | 'insurance_type' | 'start_date' | 'end_date' | 'vehicle_registration' | 'language'
    >
  > & {
    level?: string | null;
    excess?: { amount: number; currency: string } | null;
    sum_insured?: { amount: number; currency: string } | null;
    scope?: string | null;
  };
}

export const DEV_DOCUMENTS: readonly DevDocument[] = [
  {
    id: 'uk-motor-statutory-certificate',
    text: `AVIVA
CERTIFICATE OF MOTOR INSURANCE
Certificate number   CM-0048213
Policy number   AV 4718 2093
1. Registration mark of vehicle
LD21 XKP
2. Name of policyholder
Mrs Hannah Okafor
3. Effective date of the commencement of insurance for the purposes of the relevant law
00:01 hours on 12/09/2025
4. Date of expiry of insurance
23:59 hours on 11/09/2026
5. Persons or classes of persons entitled to drive
The policyholder and any person named on the current schedule, provided they hold a valid licence.
6. Limitations as to use
Use for social, domestic and pleasure purposes including commuting.
I hereby certify that the policy to which this certificate relates satisfies the requirements of the relevant law applicable in Great Britain.
Authorised insurer
Aviva Insurance Limited. Registered in Scotland No. 2116. Registered office: Pitheavlis, Perth PH2 0NH.
Authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority, Firm Reference Number 202153.`,
    want: {
      policy_number: 'AV 4718 2093',
      insurer: 'Aviva Insurance Limited',
      insurance_type: 'motor',
      start_date: '2025-09-12',
      end_date: '2026-09-11',
      vehicle_registration: 'LD21 XKP',
      language: 'en',
    },
  },
  {
    id: 'uk-motor-renewal-letter-prose',
    text: `Hastings Direct
Conqueror House, Bexhill-on-Sea
Telephone 0333 321 9800

14 January 2026

Dear Mr Fletcher

Your car insurance has been renewed

Thank you for staying with us. Your policy 84420913 has renewed and your new period of cover starts on 3 February 2026 and ends on 2 February 2027.
Last year you were covered from 3 February 2025 to 2 February 2026 for a premium of £512.40; this year your premium is £488.16, including Insurance Premium Tax at 12%.
Your car, a Skoda Octavia (registration WM19 HRT), remains insured on a comprehensive basis with a compulsory excess of £250 and a voluntary excess of £100.
Your no claims discount is now 9 years (65%).

Yours sincerely
Customer Services

Hastings Direct is a trading name of Advantage Insurance Company Limited, registered in Gibraltar, company number 93310.`,
    want: {
      policy_number: '84420913',
      insurer: 'Advantage Insurance Company Limited',
      insurance_type: 'motor',
      start_date: '2026-02-03',
      end_date: '2027-02-02',
      vehicle_registration: 'WM19 HRT',
      level: 'comprehensive',
    },
  },
  {
    id: 'uk-travel-email-printed',
    text: `From: Wanderwise Travel Cover <noreply@wanderwise.example>
Sent: Tuesday, 6 May 2025 18:42
To: priya.natarajan@example.com
Subject: Your single trip policy documents – WTC7730921

Hi Priya,

Thanks for buying your single trip travel insurance with us on 6 May 2025.

Policy number: WTC7730921
Destination: Europe
Departing: 14 July 2025
Returning: 28 July 2025
Travellers: Priya Natarajan (date of birth 03/02/1991), Arun Natarajan (date of birth 19/11/1988)
Medical expenses up to £10,000,000; excess £95 per person per claim.

Cancellation cover starts the moment you buy, so you are protected if you have to cancel before you go.
Need help abroad? Call our 24-hour emergency assistance line on +44 (0)20 3059 8312.

Wanderwise travel insurance is underwritten by AXA Insurance UK plc. Emergency assistance is provided by Mutuaide Assistance.`,
    want: {
      policy_number: 'WTC7730921',
      insurer: 'AXA Insurance UK plc',
      insurance_type: 'travel',
      start_date: '2025-07-14',
      end_date: '2025-07-28',
      vehicle_registration: null,
      level: 'single_trip',
      scope: null,
    },
  },
  {
    id: 'uk-health-membership-certificate',
    text: `Western Provident Association Limited
Membership certificate

Membership number   Scheme   Start date   Renewal date
7390 2214 81   Flexible Health Plan   01/02/2025   01/02/2026

Members covered
Name   Relationship   Date of birth   Joined
Daniel Whitcombe   Principal member   22/06/1979   01/02/2021
Grace Whitcombe   Partner   08/12/1981   01/02/2021

Outpatient limit   £1,500
Annual excess   £150
Customer services 0800 028 3699   Lines open Monday to Friday, 8am to 6pm.
Western Provident Association Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority (Firm Reference Number 202171).`,
    want: {
      policy_number: '7390 2214 81',
      insurer: 'Western Provident Association Limited',
      insurance_type: 'health',
      start_date: '2025-02-01',
      end_date: '2026-02-01',
      vehicle_registration: null,
    },
  },
  {
    id: 'uk-broker-letter-motor',
    text: `Harbour & Finch Insurance Brokers Ltd
12 Quay Street, Bristol BS1 4DJ   Tel 0117 496 0321   FCA FRN 305112

Our ref: HF/2291/JS
Date: 28 August 2025

Dear Mr Aydin

Motor insurance – Ford Transit Custom, registration KN70 WFE

Further to our telephone conversation, we have placed your cover with Ageas Insurance Limited.
Your insurer's policy number is 4Y2N 018 337 and cover is effective from 1 September 2025 for twelve months, expiring 31 August 2026.
Please find the certificate of motor insurance enclosed. The policy excess is £350.

Kind regards
Jonathan Sayer, Account Executive
Harbour & Finch Insurance Brokers Ltd is authorised and regulated by the Financial Conduct Authority, Firm Reference Number 305112. Registered in England No. 04417731.`,
    want: {
      policy_number: '4Y2N 018 337',
      insurer: 'Ageas Insurance Limited',
      insurance_type: 'motor',
      start_date: '2025-09-01',
      end_date: '2026-08-31',
      vehicle_registration: 'KN70 WFE',
    },
  },
  {
    id: 'uk-home-schedule',
    text: `NFU Mutual
Home Insurance Schedule

Policy number   HM 0429 1877
Period of insurance   From 19/10/2025 to 18/10/2026
Property insured   The Old Forge, Church Lane, Ledbury HR8 2QA
Buildings sum insured   £425,000
Contents sum insured   £60,000
Excess   £350 (escape of water £500)

The National Farmers Union Mutual Insurance Society Limited (No. 111982). Registered in England. Registered Office: Tiddington Road, Stratford upon Avon, Warwickshire CV37 7BJ.`,
    want: {
      policy_number: 'HM 0429 1877',
      insurer: 'National Farmers Union Mutual Insurance Society Limited',
      insurance_type: null,
      start_date: '2025-10-19',
      end_date: '2026-10-18',
      vehicle_registration: null,
    },
  },
  {
    id: 'uk-green-card',
    text: `INTERNATIONAL MOTOR INSURANCE CARD
1. Issued under the authority of the Motor Insurers' Bureau
2. Valid   from   01/05/2025   to   30/04/2026   (both dates inclusive)
3. Country code / Insurer code / Number   GB / 508 / 77120938
4. Registration No. (or if none, chassis or engine no.)   YB68 CVN
5. Category of vehicle   A (car)
6. Make of vehicle   Volvo XC60
7. Territorial validity: A, B, BG, CY, CZ, D, DK, E, EST, F, FIN, GR, H, HR, I, IRL, IS, L, LT, LV, M, N, NL, P, PL, RO, S, SK, SLO, CH, AND, SRB
8. Name and address of the policyholder
Mr Callum Reid, 4 Birch Road, Stirling FK8 1EJ
9. This card has been issued by
Admiral Insurance (Gibraltar) Limited, Tower 1, Europort, Gibraltar
Policy number: P04418205`,
    want: {
      policy_number: 'P04418205',
      insurer: 'Admiral Insurance (Gibraltar) Limited',
      insurance_type: 'motor',
      start_date: '2025-05-01',
      end_date: '2026-04-30',
      vehicle_registration: 'YB68 CVN',
    },
  },
  {
    id: 'uk-annual-travel-bank-account',
    text: `Northway Bank
Premier Current Account – your travel insurance

Your annual multi-trip travel insurance is one of the benefits of your account.
Account holder   Ms Eleanor Vance
Sort code   20-41-77   Account number   53117782
Policy number   NWB-AMT-0930517
Cover period   01 March 2025 – 28 February 2026
Area of cover   Worldwide excluding USA, Canada and the Caribbean
Cancellation limit   £5,000

This insurance is arranged by Northway Bank plc and underwritten by AXA Insurance UK plc.
Medical assistance is provided by Mutuaide Assistance.`,
    want: {
      policy_number: 'NWB-AMT-0930517',
      insurer: 'AXA Insurance UK plc',
      insurance_type: 'travel',
      start_date: '2025-03-01',
      end_date: '2026-02-28',
      level: 'annual_multi_trip',
      scope: 'worldwide_excluding_usa_canada',
    },
  },
  {
    id: 'uk-motor-schedule-far-columns',
    text: `esure
Motor Insurance Schedule                                                              Page 1 of 2

Policyholder                                                     Mr Tomasz Nowak
Policy number                                                    ES/MOT/40027731
Period of insurance                                              From: 14/08/2025   To: 13/08/2026 (both days inclusive)
Vehicle                                                          Vauxhall Corsa 1.2 SE, 2018
Registration                                                     SG18 ZXU
Cover                                                            Third party, fire and theft
Total excess                                                     £400
Date of issue                                                    02/08/2025

esure Insurance Limited is authorised by the Prudential Regulation Authority and regulated by the Financial Conduct Authority and the Prudential Regulation Authority.`,
    want: {
      policy_number: 'ES/MOT/40027731',
      insurer: 'esure Insurance Limited',
      insurance_type: 'motor',
      start_date: '2025-08-14',
      end_date: '2026-08-13',
      vehicle_registration: 'SG18 ZXU',
      level: 'third_party_fire_theft',
      excess: { amount: 400, currency: 'GBP' },
    },
  },
  {
    id: 'uk-health-expired-membership',
    text: `AXA Health
Confirmation of previous cover

To whom it may concern

We confirm that Ms Ruth Adeyemi (date of birth 17 April 1984) was a member of our personal health plan under membership number 11804732.
Her cover ran from 1 January 2023 to 31 December 2024, when it ended at her request. No claims are outstanding.
This letter was produced on 9 October 2025.

AXA PPP healthcare Limited. Registered in England No. 3148119.`,
    want: {
      policy_number: '11804732',
      insurer: 'AXA PPP Healthcare Limited',
      insurance_type: 'health',
      start_date: '2023-01-01',
      end_date: '2024-12-31',
      vehicle_registration: null,
    },
  },
  {
    id: 'uk-travel-welcome-no-number',
    text: `Welcome to Ageas travel cover

Dear Mr Brennan,

Thank you for choosing us. Your policy documents, including your policy number, will follow by post within five working days.
Your customer number is C-2291873. Please quote it whenever you call us on 0345 165 0123.
Your trip: Lisbon, departing 22 June 2025 and returning 29 June 2025.

Ageas Insurance Limited, registered in England and Wales No. 354568.`,
    want: {
      policy_number: null,
      insurer: 'Ageas Insurance Limited',
      insurance_type: 'travel',
      start_date: '2025-06-22',
      end_date: '2025-06-29',
    },
  },
  {
    id: 'de-kfz-versicherungsschein',
    text: `HUK-COBURG
Versicherungsschein für Ihre Kfz-Versicherung
Coburg, 18.11.2025

Versicherungsnehmer   Herr Jonas Albrecht, geb. 12.03.1978
Versicherungsschein-Nr.   KF 540/188223
Versicherungsbeginn   01.01.2026, 0:00 Uhr
Ablauf   01.01.2027, 0:00 Uhr
Fahrzeug   VW Golf 1.5 TSI, FIN WVWZZZ1KZ8W123456, Erstzulassung 15.06.2019
Amtl. Kennzeichen   B-KM 2391
Umfang   Kfz-Haftpflicht, Vollkasko mit 500 € Selbstbeteiligung
Beitrag jährlich   612,40 €, SF-Klasse 12 (30 %)

Bei Fragen erreichen Sie uns unter 09561 96-0.
HUK-COBURG-Allgemeine Versicherung AG · Sitz Coburg · Registergericht Coburg HRB 100 · IBAN DE89 3704 0044 0532 0130 00`,
    want: {
      policy_number: 'KF 540/188223',
      insurer: 'HUK-COBURG-Allgemeine Versicherung AG',
      insurance_type: 'motor',
      start_date: '2026-01-01',
      end_date: '2027-01-01',
      vehicle_registration: 'B-KM 2391',
      level: 'comprehensive',
      language: 'de',
    },
  },
  {
    id: 'de-reise-email',
    text: `Von: HanseMerkur Reiseversicherung <service@reise.example>
Gesendet: Montag, 3. Februar 2025 10:12
An: familie.brandt@example.de
Betreff: Ihre Versicherungsbestätigung

Sehr geehrte Frau Brandt,

vielen Dank für Ihre Buchung vom 03.02.2025. Hiermit bestätigen wir Ihren Reiseschutz.

Versicherungsnummer: RV 2025 7781230
Reiseziel: Mallorca (Europa)
Reisezeitraum: 12.04.2025 bis 26.04.2025
Buchungsnummer Ihres Reiseveranstalters: 48829173
Reisepreis: 2.480,00 €

Bei einem Notfall im Ausland erreichen Sie unseren Notruf unter +49 40 4119 9000.

Mit freundlichen Grüßen
HanseMerkur Reiseversicherung AG, Siegfried-Wedells-Platz 1, 20354 Hamburg`,
    want: {
      policy_number: 'RV 2025 7781230',
      insurer: 'HanseMerkur Reiseversicherung AG',
      insurance_type: 'travel',
      start_date: '2025-04-12',
      end_date: '2025-04-26',
      vehicle_registration: null,
    },
  },
  {
    id: 'de-pkv-bescheinigung-start-only',
    text: `Barmenia Krankenversicherung AG
Bescheinigung über Ihren Krankenversicherungsschutz

Wuppertal, 4. März 2026

Versicherte Person   Frau Selin Kaya
Geburtsdatum   02.11.1985
Versicherungsnummer   4711 0815 33
Versicherungsbeginn   01.07.2019
Tarife   Krankheitskostenvollversicherung VC1, Krankentagegeld KT 43

Der Versicherungsschutz besteht ununterbrochen seit dem Versicherungsbeginn und ist nicht gekündigt.`,
    want: {
      policy_number: '4711 0815 33',
      insurer: 'Barmenia Krankenversicherung AG',
      insurance_type: 'health',
      start_date: '2019-07-01',
      end_date: null,
      vehicle_registration: null,
    },
  },
  {
    id: 'de-kfz-nachtrag-fahrzeugwechsel',
    text: `Allianz Versicherungs-Aktiengesellschaft
Nachtrag zum Versicherungsschein Nr. AS-4410-2287 (Kfz-Versicherung)

Änderung zum 15.09.2025: Fahrzeugwechsel

Bisheriges Fahrzeug   Opel Astra   Kennzeichen   K-LM 812
Neues Fahrzeug   BMW 318d Touring   Kennzeichen   K-RT 4407

Der Vertrag läuft unverändert bis zum 31.12.2025 und verlängert sich danach um jeweils ein Jahr.
Versicherungsbeginn des Vertrages: 01.01.2025`,
    want: {
      policy_number: 'AS-4410-2287',
      insurer: 'Allianz Versicherungs-AG',
      insurance_type: 'motor',
      start_date: '2025-01-01',
      end_date: '2025-12-31',
      vehicle_registration: 'K-RT 4407',
    },
  },
  {
    id: 'de-hausrat',
    text: `WGV-Versicherung AG
Versicherungsschein Hausratversicherung

Versicherungsnummer   HR 20931847
Versicherungsbeginn   15.05.2025
Versicherungsende   15.05.2026
Versicherungsort   Lindenstraße 8, 70173 Stuttgart
Versicherungssumme   65.000 €
Selbstbeteiligung   150 €`,
    want: {
      policy_number: 'HR 20931847',
      insurer: 'WGV-Versicherung AG',
      insurance_type: null,
      start_date: '2025-05-15',
      end_date: '2026-05-15',
      vehicle_registration: null,
    },
  },
  {
    id: 'de-kfz-beitragsrechnung-two-periods',
    text: `R+V Allgemeine Versicherung AG
Beitragsrechnung Kraftfahrtversicherung

Versicherungsschein-Nr.   RV-KFZ 77120934
Kennzeichen   WI-R 2207
Beitrag für den Zeitraum   01.01.2026 – 31.12.2026   448,20 €
zum Vergleich: Vorjahresbeitrag (01.01.2025 – 31.12.2025)   471,90 €
SF-Klasse   SF 15 (29 %)
Fälligkeit des Beitrags   01.01.2026
Der Beitrag wird per Lastschrift vom Konto DE89 3704 0044 0532 0130 00 eingezogen.`,
    want: {
      policy_number: 'RV-KFZ 77120934',
      insurer: 'R+V Allgemeine Versicherung AG',
      insurance_type: 'motor',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      vehicle_registration: 'WI-R 2207',
    },
  },
  {
    id: 'de-auslandsreise-jahresvertrag',
    text: `ERGO Reiseversicherung AG
Versicherungsbestätigung Jahres-Reiseversicherung

Versicherte Personen
Herr Lukas Weber, geb. 14.08.1990
Frau Anna Weber, geb. 30.01.1992

Versicherungsschein-Nr.:
RS-9981-2204-7
Versicherungsdauer:
vom 1. Juni 2025 bis 31. Mai 2026
Geltungsbereich:
weltweit
Tarif:
Jahres-Reiseschutz Premium

Bitte bewahren Sie diese Bestätigung während Ihrer Reisen auf.`,
    want: {
      policy_number: 'RS-9981-2204-7',
      insurer: 'ERGO Reiseversicherung AG',
      insurance_type: 'travel',
      start_date: '2025-06-01',
      end_date: '2026-05-31',
      scope: 'worldwide',
      level: 'annual_multi_trip',
    },
  },
  {
    id: 'de-pkv-versicherungsschein-tarife',
    text: `Gothaer Krankenversicherung AG
Versicherungsschein
Köln, den 12. Dezember 2025

Versicherungsnehmer: Herr Dr. Felix Hartmann, geboren am 7. Mai 1980
Versicherungsschein-Nummer: KV 3329 0412
Beginn des Versicherungsschutzes: 1. Januar 2026

Tarif   Beginn   Monatsbeitrag
MediVita Z   01.01.2026   412,30 €
Krankentagegeld ab 43. Tag   01.01.2026   38,90 €
Zahnzusatz (Wartezeit bis 31.12.2026)   01.01.2026   24,10 €

Ihr Berater: Markus Thiel, Versicherungsvermittler, Registrierungsnummer D-2KLM-P8Q4R-27, Tel. 0221 308 4410`,
    want: {
      policy_number: 'KV 3329 0412',
      insurer: 'Gothaer Krankenversicherung AG',
      insurance_type: 'health',
      start_date: '2026-01-01',
      end_date: null,
    },
  },
  {
    id: 'fr-attestation-auto',
    text: `MAIF
ATTESTATION D'ASSURANCE
Véhicule terrestre à moteur

Souscripteur : M. Hugo Lefèvre, né le 04/09/1987
Contrat n° MF 204 778 391
Véhicule assuré : Peugeot 3008, immatriculé GH-512-KL
Période de validité : du 01/04/2025 au 31/03/2026
Garanties : responsabilité civile, dommages tous accidents
Fait à Niort, le 20 mars 2025

MAIF – Société d'assurance mutuelle à cotisations variables – entreprise régie par le Code des assurances – 79038 Niort cedex 9`,
    want: {
      policy_number: 'MF 204 778 391',
      insurer: 'Mutuelle Assurance Instituteur France',
      insurance_type: 'motor',
      start_date: '2025-04-01',
      end_date: '2026-03-31',
      vehicle_registration: 'GH-512-KL',
      level: 'comprehensive',
      language: 'fr',
    },
  },
  {
    id: 'fr-voyage-attestation',
    text: `Europ Assistance
Attestation d'assurance voyage

Adhérent : Mme Claire Dubois
Numéro de contrat : 58 221 774
Date de souscription : 12 mai 2025
Dates du séjour : du 5 août 2025 au 19 août 2025
Destination : Canada
Formule : voyage unique
Frais médicaux à l'étranger : jusqu'à 150 000 €

En cas d'urgence, appelez le 01 41 85 85 85 (depuis l'étranger : +33 1 41 85 85 85).
Europ Assistance, société anonyme au capital de 46 926 941 €, entreprise régie par le Code des assurances, 451 366 405 RCS Nanterre.`,
    want: {
      policy_number: '58 221 774',
      insurer: 'Europ Assistance',
      insurance_type: 'travel',
      start_date: '2025-08-05',
      end_date: '2025-08-19',
      level: 'single_trip',
    },
  },
  {
    id: 'fr-mutuelle-tiers-payant',
    text: `Harmonie Mutuelle
CARTE DE TIERS PAYANT
Période de validité : du 01/01/2026 au 31/12/2026

N° adhérent : 10293847
Organisme complémentaire : Harmonie Mutuelle – AMC 780 508 073

Bénéficiaires   N° de sécurité sociale   Date de naissance
Julien Moreau   1 84 07 75 115 012 62   22/07/1984
Léa Moreau   2 86 03 69 381 440 18   11/03/1986

Pharmacie : PH   Hospitalisation : HO   Optique : OPT

Harmonie Mutuelle, mutuelle soumise aux dispositions du livre II du Code de la mutualité, SIREN 538 518 473.`,
    want: {
      policy_number: '10293847',
      insurer: 'Harmonie Mutuelle',
      insurance_type: 'health',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      vehicle_registration: null,
    },
  },
  {
    id: 'fr-habitation-avis-echeance',
    text: `MACIF
Avis d'échéance – Multirisque habitation

Sociétaire n° 4402918 X
Contrat habitation n° 2209 4471
Échéance principale : 1er octobre 2025
Période couverte par cette cotisation : du 1er octobre 2025 au 30 septembre 2026
Cotisation annuelle TTC : 318,72 €
Prélèvement le 05/10/2025 sur le compte FR76 3000 6000 0112 3456 7890 189

MACIF – Mutuelle assurance des commerçants et industriels de France, société d'assurance mutuelle à cotisations variables, entreprise régie par le Code des assurances.`,
    want: {
      policy_number: '2209 4471',
      insurer: 'MACIF',
      insurance_type: null,
      start_date: '2025-10-01',
      end_date: '2026-09-30',
      vehicle_registration: null,
    },
  },
  {
    id: 'fr-avenant-changement-vehicule',
    text: `Pacifica
AVENANT N° 3 AU CONTRAT D'ASSURANCE AUTOMOBILE N° 7730 1148 02

Date d'effet de l'avenant : 10 juin 2025
Motif : changement de véhicule

Ancien véhicule : Renault Clio, immatriculation CD-218-ZT
Nouveau véhicule : Citroën C4, immatriculation FR-304-HB

Les autres dispositions du contrat restent inchangées. Échéance principale du contrat : 1er janvier.
Pacifica, SA au capital de 363 264 000 €, entreprise régie par le Code des assurances, 352 358 865 RCS Paris.`,
    want: {
      policy_number: '7730 1148 02',
      insurer: 'Pacifica',
      insurance_type: 'motor',
      vehicle_registration: 'FR-304-HB',
    },
  },
  {
    id: 'fr-courtier-lettre-sante',
    text: `Cabinet Marchal Courtage
SARL de courtage en assurances – ORIAS n° 07 012 345 – www.orias.fr
Tél. 04 72 10 33 90

Lyon, le 2 décembre 2025

Madame, Monsieur,

Nous avons le plaisir de vous confirmer l'adhésion de votre famille au contrat complémentaire santé souscrit auprès de la Mutuelle Malakoff Humanis.
Votre numéro d'adhérent est le 3300 7719 22. Vos garanties prendront effet le 1er janvier 2026 et le contrat sera renouvelé par tacite reconduction au 1er janvier de chaque année.
Votre carte de tiers payant vous parviendra directement.

Veuillez agréer nos salutations distinguées.
Nicolas Marchal, courtier`,
    want: {
      policy_number: '3300 7719 22',
      insurer: 'Mutuelle Malakoff Humanis',
      insurance_type: 'health',
      start_date: '2026-01-01',
      end_date: null,
    },
  },
  {
    id: 'fr-carte-verte',
    text: `CARTE INTERNATIONALE D'ASSURANCE AUTOMOBILE
1. Validité   du   01/01/2026   au   31/12/2026
2. Code pays / code assureur / numéro   F / 0513 / 88204417
3. N° d'immatriculation   EK-771-RS
4. Catégorie du véhicule   A
5. Marque du véhicule   Dacia Sandero
8. Nom et adresse du souscripteur
Mme Inès Benali, 14 rue des Tilleuls, 31000 Toulouse
9. Assureur
MMA IARD, 14 boulevard Marie et Alexandre Oyon, 72030 Le Mans
N° de contrat : 1442 8830 55`,
    want: {
      policy_number: '1442 8830 55',
      insurer: 'MMA IARD',
      insurance_type: 'motor',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      vehicle_registration: 'EK-771-RS',
    },
  },
  {
    id: 'fr-sante-expatrie',
    text: `Mutuelle Générale
Certificat d'adhésion – santé internationale

Adhérent principal : M. Antoine Giraud, né le 1er février 1979
N° d'adhésion : MG-INT-554210
Date d'effet : 1er septembre 2025
Date d'échéance : 31 août 2026
Zone de couverture : monde entier hors États-Unis et Canada
Formule : Intégrale
Plafond annuel : 1 000 000 €`,
    want: {
      policy_number: 'MG-INT-554210',
      insurer: 'La Mutuelle Generale',
      insurance_type: 'health',
      start_date: '2025-09-01',
      end_date: '2026-08-31',
      scope: 'worldwide_excluding_usa_canada',
      level: 'comprehensive',
    },
  },
  {
    id: 'uk-travel-schedule-long-dates',
    text: `Collingwood Insurance Company Limited
Travel Insurance Policy Schedule

Policy reference   CTI 5521 8830
Date issued   Friday, 17th January 2025
Type of policy   Single trip
Trip start   Saturday, 1st March 2025
Trip end   Sunday, 16th March 2025
Destination   Worldwide including USA
Premium   £84.20 including IPT at 12%`,
    want: {
      policy_number: 'CTI 5521 8830',
      insurer: 'Collingwood Insurance Company Limited',
      insurance_type: 'travel',
      start_date: '2025-03-01',
      end_date: '2025-03-16',
      level: 'single_trip',
    },
  },
  {
    id: 'de-kfz-evb-und-iso-dates',
    text: `COSMOS Versicherung AG
Bestätigung Ihrer Kfz-Versicherung

Vertragsnummer   KH-7729-331-04
eVB-Nummer   A7K2M9Q
Versicherungsbeginn   2025-10-01
Hauptfälligkeit   2026-01-01
Amtliches Kennzeichen   HH-CV 771E
Deckung   Teilkasko, Selbstbeteiligung 150 Euro`,
    want: {
      policy_number: 'KH-7729-331-04',
      insurer: 'COSMOS Versicherung AG',
      insurance_type: 'motor',
      start_date: '2025-10-01',
      vehicle_registration: 'HH-CV 771E',
      level: 'third_party_fire_theft',
    },
  },
  {
    id: 'fr-voyage-email-carte-bancaire',
    text: `De : Service Assurance Voyage <contact@assurance-voyage.example>
Envoyé : jeudi 10 juillet 2025 09:31
Objet : Confirmation de votre assurance annulation

Bonjour Monsieur Petit,

Nous vous confirmons la souscription de votre assurance annulation et assistance pour votre voyage au Japon.
Votre dossier de voyage : réservation n° 7741902 auprès de l'agence Horizons Lointains.
Vous êtes couvert du 2 octobre 2025 au 18 octobre 2025.
Votre numéro de contrat : AVN 2025 0448 19

Le contrat est assuré par Mutuaide Assistance, entreprise régie par le Code des assurances.`,
    want: {
      policy_number: 'AVN 2025 0448 19',
      insurer: 'Mutuaide Assistance',
      insurance_type: 'travel',
      start_date: '2025-10-02',
      end_date: '2025-10-18',
    },
  },
  {
    id: 'uk-motor-underwritten-brand',
    text: `Sheilas' Wheels
Car insurance – your policy details

Policy No.
SW 7714 2093 01
Policyholder
Miss Kirsty Logan
Car
Fiat 500 Lounge, registration number CE65 OPW
Your cover
Comprehensive
Cover dates
1st March 2026 to 28th February 2027

Sheilas' Wheels car insurance is arranged by esure Services Limited and underwritten by esure Insurance Limited.`,
    want: {
      policy_number: 'SW 7714 2093 01',
      insurer: 'esure Insurance Limited',
      insurance_type: 'motor',
      start_date: '2026-03-01',
      end_date: '2027-02-28',
      vehicle_registration: 'CE65 OPW',
      level: 'comprehensive',
    },
  },
  {
    id: 'de-reiseruecktritt-abschluss',
    text: `Würzburger Versicherungs-AG
Versicherungsbestätigung Reiserücktrittsversicherung

Versicherungsnehmer: Petra Hoffmann
Abschluss am: 15.01.2025
Reiseantritt: 02.03.2025
Reiseende: 09.03.2025
Reisepreis: 1.860,00 EUR
Versicherungsnummer: WV 30 117 842
Vorgangsnummer Reisebüro: 2025-00871`,
    want: {
      policy_number: 'WV 30 117 842',
      insurer: 'Würzburger Versicherungs-AG',
      insurance_type: 'travel',
      start_date: '2025-03-02',
      end_date: '2025-03-09',
    },
  },
  {
    id: 'fr-attestation-droits-jusqu',
    text: `MGEN
Attestation de droits – complémentaire santé

Assuré : M. Karim Haddad
N° d'adhérent : 0044 7120 93
Droits ouverts à compter du 01/07/2025
Droits ouverts jusqu'au 30/06/2026
Cette attestation ne vaut pas carte de tiers payant.
Mutuelle générale de l'Éducation nationale, mutuelle soumise aux dispositions du livre II du Code de la mutualité, immatriculée sous le numéro SIREN 775 685 399.`,
    want: {
      policy_number: '0044 7120 93',
      insurer: 'Mutuelle Generale Education Nationale',
      insurance_type: 'health',
      start_date: '2025-07-01',
      end_date: '2026-06-30',
    },
  },
  {
    id: 'uk-travel-purchase-then-trip',
    text: `Zurich
Travel insurance certificate

Policy number   ZT 40918 2271
Cover start (cancellation cover only)   02/03/2025
Trip dates   10/06/2025 – 24/06/2025
Destination   USA and Canada
Travellers   2 adults
Single trip, economy plan`,
    want: {
      policy_number: 'ZT 40918 2271',
      insurer: 'Zurich Assurance Ltd',
      insurance_type: 'travel',
      start_date: '2025-06-10',
      end_date: '2025-06-24',
      level: 'single_trip',
    },
  },
  {
    id: 'uk-motor-temporary-week',
    text: `Temporary car insurance – certificate
Policy number   TMP00917723
Cover starts   09:00 on 12/07/2025
Cover ends   09:00 on 19/07/2025
Vehicle   Mini Cooper, registration BV17 NHG
Underwritten by Mulsanne Insurance Company Limited.`,
    want: {
      policy_number: 'TMP00917723',
      insurer: 'Mulsanne Insurance Company Limited',
      insurance_type: 'motor',
      start_date: '2025-07-12',
      end_date: '2025-07-19',
      vehicle_registration: 'BV17 NHG',
    },
  },
  {
    id: 'uk-motor-replaced-number',
    text: `LV= Insurance
Important: your policy number has changed

Dear Mrs Chandra,
Following your change of car, your previous policy number 77120003 has been replaced by policy number 77120994.
Your cover continues without a break until 4 November 2026, when your policy is due for renewal.
Your new car, registration OY21 TKA, is covered from 5 November 2025.

Liverpool Victoria Insurance Company Limited, registered in England and Wales number 3232514.`,
    want: {
      policy_number: '77120994',
      insurer: 'Liverpool Victoria Insurance Company Limited',
      insurance_type: 'motor',
      start_date: '2025-11-05',
      end_date: '2026-11-04',
      vehicle_registration: 'OY21 TKA',
    },
  },
  {
    id: 'de-kfz-email-telefon',
    text: `Von: ADAC Autoversicherung <kfz@adac.example>
Datum: 21.10.2025
Betreff: Ihr neuer Vertrag

Guten Tag Herr Schulz,

Ihr Vertrag Nr. 12 345 678-9 für das Fahrzeug mit dem Kennzeichen S-HK 1180 ist abgeschlossen.
Versicherungsschutz besteht vom 1.11.2025 bis 31.10.2026.
Sie erreichen uns unter Tel.: +49 (0) 89 / 76 76 0 oder per Fax 089 7676 2500.

ADAC Versicherung AG, Hansastraße 19, 80686 München`,
    want: {
      policy_number: '12 345 678-9',
      insurer: 'ADAC Versicherung AG',
      insurance_type: 'motor',
      start_date: '2025-11-01',
      end_date: '2026-10-31',
      vehicle_registration: 'S-HK 1180',
    },
  },
  {
    id: 'fr-auto-numero-slashes',
    text: `GMF Assurances
Conditions particulières – assurance automobile

Référence du contrat : 2025/AUT/004417
Prise d'effet : 15/02/2025
Échéance : 14/02/2026
Immatriculation : BT-903-QP
Formule : Tous risques
Franchise : 10 % des dommages, minimum 380 €

GMF Assurances, société anonyme au capital de 181 385 440 euros, entreprise régie par le Code des assurances.`,
    want: {
      policy_number: '2025/AUT/004417',
      insurer: 'GMF Assurances',
      insurance_type: 'motor',
      start_date: '2025-02-15',
      end_date: '2026-02-14',
      vehicle_registration: 'BT-903-QP',
      level: 'comprehensive',
    },
  },
  {
    id: 'uk-health-renews-on',
    text: `Bupa
Your membership statement

Membership number: 81 4402 771
Membership start: 1 April 2025
Your membership renews on 1 April 2026.
Hospital list: Extended
Excess: £100 per member per year

Bupa Insurance Limited. Registered in England and Wales No. 3956433.`,
    want: {
      policy_number: '81 4402 771',
      insurer: 'Bupa Insurance Limited',
      insurance_type: 'health',
      start_date: '2025-04-01',
      end_date: '2026-04-01',
      excess: { amount: 100, currency: 'GBP' },
    },
  },
  {
    id: 'de-kfz-kurze-daten',
    text: `Generali Deutschland Versicherung AG
Versicherungsschein Kraftfahrtversicherung

Versicherungsschein-Nr.   GD-KFZ-5521900
Laufzeit   1.1.2026 – 31.12.26
Kennzeichen   F-GD 315
Fahrzeughalter   Murat Yilmaz, geb. 5.6.1972`,
    want: {
      policy_number: 'GD-KFZ-5521900',
      insurer: 'Generali Deutschland Versicherung AG',
      insurance_type: 'motor',
      start_date: '2026-01-01',
      end_date: '2026-12-31',
      vehicle_registration: 'F-GD 315',
    },
  },
  {
    id: 'fr-mutuelle-code-mutualite',
    text: `MUTUELLE DES MOTARDS
Attestation d'assurance – deux-roues

Sociétaire : M. Bastien Roux
N° de sociétaire : 880412
N° de contrat : MM 1120 4471
Véhicule : Yamaha MT-07, immatriculé FX-220-LD
Du 12/04/2025 au 11/04/2026

Assurance Mutuelle des Motards, société d'assurance mutuelle à cotisations variables, entreprise régie par le Code des assurances.`,
    want: {
      policy_number: 'MM 1120 4471',
      insurer: 'Assurance Mutuelle des Motards',
      insurance_type: 'motor',
      start_date: '2025-04-12',
      end_date: '2026-04-11',
      vehicle_registration: 'FX-220-LD',
    },
  },
  {
    id: 'de-pkv-mitgliedsbescheinigung',
    text: `Continentale Krankenversicherung a.G.
Mitgliedsbescheinigung

Hiermit bestätigen wir, dass Frau Jana Becker, geboren am 19.09.1993, seit dem 01.04.2022 bei uns krankenversichert ist.
Mitgliedsnummer: 5500 1893 20
Der Versicherungsschutz ist ungekündigt.
Dortmund, 14.11.2025`,
    want: {
      policy_number: '5500 1893 20',
      insurer: 'Continentale Krankenversicherung a.G.',
      insurance_type: 'health',
      start_date: '2022-04-01',
      end_date: null,
    },
  },
  {
    id: 'fr-voyage-dates-sans-annee',
    text: `Chubb
Certificat d'assurance – assurance voyage temporaire

Référence de votre contrat : CH-VOY 7720914
Voyageur : Mme Sophie Lambert
Votre voyage : du lundi 7 juillet au dimanche 20 juillet 2025, Grèce
Achat du voyage le 2 mars 2025 auprès de votre agence, dossier n° 55120873
Assistance 24h/24 : +33 1 55 92 17 00`,
    want: {
      policy_number: 'CH-VOY 7720914',
      insurer: 'Chubb European Group SE',
      insurance_type: 'travel',
      start_date: '2025-07-07',
      end_date: '2025-07-20',
    },
  },
  {
    id: 'de-reise-vom-bis-ohne-jahr',
    text: `Allianz Travel
Ihre Reiseversicherung

Versicherungsnummer: AT 4490 2217 3
Reise vom 28. Dezember bis 4. Januar 2026 nach Lappland
Buchungsnummer Reiseveranstalter: 771 204 55
Notruf: +49 89 624 24 460`,
    want: {
      policy_number: 'AT 4490 2217 3',
      insurance_type: 'travel',
      start_date: '2025-12-28',
      end_date: '2026-01-04',
    },
  },
  {
    id: 'uk-travel-return-flight',
    text: `Travel insurance – booking confirmation

Policy number   GLT5520187
Outbound flight   3 Sep 2025   LGW – FAO
Return flight   17 Sep 2025   FAO – LGW
Passport number   533409127
Booking reference   XK7P2Q
Cover level   Single trip – Standard
Underwritten by Great Lakes Insurance SE.`,
    want: {
      policy_number: 'GLT5520187',
      insurance_type: 'travel',
      start_date: '2025-09-03',
      end_date: '2025-09-17',
      level: 'single_trip',
    },
  },
  {
    id: 'de-auslandsstudent-passnummer',
    text: `DKV Deutsche Krankenversicherung AG
Bestätigung Auslandskrankenversicherung für Studierende

Versicherte Person   Lina Vogt
Passnummer   C01X00T47
Matrikelnummer   4471123
Versicherungsnummer   KVA 5512 0098
Versicherungsschutz   01.10.2025 – 30.09.2026
Geltungsbereich   weltweit ohne USA und Kanada`,
    want: {
      policy_number: 'KVA 5512 0098',
      insurer: 'DKV Deutsche Krankenversicherung AG',
      insurance_type: 'health',
      start_date: '2025-10-01',
      end_date: '2026-09-30',
      scope: 'worldwide_excluding_usa_canada',
    },
  },
  {
    id: 'uk-motor-percentages-and-amounts',
    text: `Admiral
Car insurance – your schedule

Policy number:    P 3391 7720 4
Start date:       5th May 2025
End date:         4th May 2026
Car:              Kia Niro, registration AF71 BGE, value £18,500
No claims bonus:  9 years (protected) – discount 72%
Compulsory excess £250, voluntary excess £150, total excess £400
Premium:          £623.40 (Insurance Premium Tax 12% included)
Claims line:      0333 220 2062`,
    want: {
      policy_number: 'P 3391 7720 4',
      insurer: 'Admiral Insurance Company Limited',
      insurance_type: 'motor',
      start_date: '2025-05-05',
      end_date: '2026-05-04',
      vehicle_registration: 'AF71 BGE',
      excess: { amount: 400, currency: 'GBP' },
    },
  },
  {
    id: 'fr-sante-attestation-previous-and-current',
    text: `Malakoff Humanis
Attestation d'affiliation – complémentaire santé collective

Entreprise : Atelier Berthier SAS
Salarié : M. Thomas Berthier
N° de contrat collectif : 4430/0097/2025
Affiliation précédente : du 01/01/2024 au 31/12/2024
Période de validité de l'attestation : du 01/01/2025 au 31/12/2025`,
    want: {
      policy_number: '4430/0097/2025',
      insurer: 'Mutuelle Malakoff Humanis',
      insurance_type: 'health',
      start_date: '2025-01-01',
      end_date: '2025-12-31',
    },
  },
  {
    id: 'uk-travel-between-dates',
    text: `Post Office Travel Insurance
Your cover summary

Policy number: POT 2280 5519
You are covered for travel between 3 and 17 September 2025.
Area: Europe
This insurance is underwritten by Collingwood Insurance Company Limited.`,
    want: {
      policy_number: 'POT 2280 5519',
      insurer: 'Collingwood Insurance Company Limited',
      insurance_type: 'travel',
      start_date: '2025-09-03',
      end_date: '2025-09-17',
      scope: 'europe',
    },
  },
  {
    id: 'uk-travel-voucher-tour-operator',
    text: `SUNSEEKER HOLIDAYS – TRAVEL VOUCHER
Booking reference: SSH-448120   Booked on 19 January 2025
Lead passenger: Mr Gareth Price   Passengers: 4
Outbound: Sat 12 Apr 2025   Manchester – Paphos   Flight LS 1021
Inbound: Sat 19 Apr 2025   Paphos – Manchester   Flight LS 1022
Hotel: Aphrodite Bay, half board

Your holiday includes travel insurance.
Insurance policy number: SSH/TI/0044812
Insurer: Collingwood Insurance Company Limited
Medical emergencies: +44 (0)1273 624 661`,
    want: {
      policy_number: 'SSH/TI/0044812',
      insurer: 'Collingwood Insurance Company Limited',
      insurance_type: 'travel',
      start_date: '2025-04-12',
      end_date: '2025-04-19',
      vehicle_registration: null,
    },
  },
  {
    id: 'de-kfz-nummerierte-bestaetigung',
    text: `Versicherungsbestätigung für die Kfz-Haftpflichtversicherung
1. Versicherungsnehmer
Sabine Krüger, Am Markt 3, 04109 Leipzig
2. Versicherer
Allianz Versicherungs-Aktiengesellschaft, Königinstraße 28, 80802 München
3. Versicherungsschein-Nr.
AS 7714 0921 55
4. Amtliches Kennzeichen
L-SK 4120
5. Beginn des Versicherungsschutzes
15.03.2025
6. Ende des Versicherungsschutzes
14.03.2026`,
    want: {
      policy_number: 'AS 7714 0921 55',
      insurer: 'Allianz Versicherungs-AG',
      insurance_type: 'motor',
      start_date: '2025-03-15',
      end_date: '2026-03-14',
      vehicle_registration: 'L-SK 4120',
    },
  },
  {
    id: 'fr-auto-email-renouvellement',
    text: `De : Matmut <ne-pas-repondre@matmut.example>
Date : 28 février 2025 à 08:05
Objet : Votre contrat auto est renouvelé

Bonjour Madame Girard,

Votre contrat automobile n° 4470 2218 est renouvelé pour un an : il prendra effet le 1er avril 2025 et prendra fin le 31 mars 2026.
Véhicule : Toyota Yaris immatriculé DL-604-WX.
Votre cotisation annuelle s'élève à 512,30 €, soit une baisse de 4 % grâce à votre bonus (coefficient 0,50).
Pour nous joindre : 02 35 03 68 68.

Matmut – Mutuelle assurance des travailleurs mutualistes, société d'assurance mutuelle à cotisations variables, entreprise régie par le Code des assurances.`,
    want: {
      policy_number: '4470 2218',
      insurance_type: 'motor',
      start_date: '2025-04-01',
      end_date: '2026-03-31',
      vehicle_registration: 'DL-604-WX',
    },
  },
  {
    id: 'de-kranken-email-zusatz',
    text: `Von: Barmenia Kundenservice
Gesendet: 02.12.2025 14:21
Betreff: Ihre Zahnzusatzversicherung – Vertragsbestätigung

Guten Tag Frau Lorenz,

herzlich willkommen! Ihre Zahnzusatzversicherung beginnt am 01.01.2026.
Ihre Versicherungsnummer: ZZ 4471 9003
Tarif: Mehr-Zahn 100
Die Wartezeit endet am 31.03.2026; ab dann sind auch Zahnersatzleistungen versichert.

Ihre Barmenia Krankenversicherung AG`,
    want: {
      policy_number: 'ZZ 4471 9003',
      insurer: 'Barmenia Krankenversicherung AG',
      insurance_type: 'health',
      start_date: '2026-01-01',
      end_date: null,
    },
  },
  {
    id: 'uk-health-group-scheme-certificate',
    text: `Vitality
Certificate of membership – company healthcare scheme

Employer: Brightwater Logistics Ltd
Scheme number: VHS-20931
Member: Samira Hussain
Membership number: 5521 7730 44
Cover starts: 1 June 2025
Scheme renewal date: 1 June 2026
Hospital list: Local
Outpatient limit: £1,000

Vitality Health Limited is authorised and regulated by the Financial Conduct Authority.`,
    want: {
      policy_number: '5521 7730 44',
      insurer: 'Vitality Health Limited',
      insurance_type: 'health',
      start_date: '2025-06-01',
      end_date: '2026-06-01',
    },
  },
  {
    id: 'fr-habitation-no-type-no-plate',
    text: `Groupama
Attestation d'assurance habitation

Nous soussignés, Groupama Paris Val de Loire, attestons que M. Paul Renaud est titulaire d'un contrat Multirisque Habitation n° 4402 8871 9.
Adresse du risque : 12 rue Victor Hugo, 45000 Orléans
Période de validité : du 01/09/2025 au 31/08/2026
Garanties : responsabilité civile, incendie, dégâts des eaux, vol.
Fait à Orléans, le 3 septembre 2025.`,
    want: {
      policy_number: '4402 8871 9',
      insurance_type: null,
      start_date: '2025-09-01',
      end_date: '2026-08-31',
      vehicle_registration: null,
    },
  },
  {
    id: 'fr-attestation-visa-schengen',
    text: `ATTESTATION D'ASSURANCE VOYAGE
pour une demande de visa Schengen

Nous, soussignés, Mutuaide Assistance, certifions que :
Nom de l'assuré : M. Youssef Amrani, né le 14/02/1990, passeport n° 19AB12345
est couvert par le contrat n° 7702 4410 88
pour la période du 10/10/2025 au 09/11/2025,
dans les pays de l'espace Schengen, pour les frais médicaux et le rapatriement, à hauteur de 30 000 €.
Fait à Bry-sur-Marne, le 18 septembre 2025.`,
    want: {
      policy_number: '7702 4410 88',
      insurer: 'Mutuaide Assistance',
      insurance_type: 'travel',
      start_date: '2025-10-10',
      end_date: '2025-11-09',
      scope: null,
    },
  },
  {
    id: 'uk-proof-of-no-claims',
    text: `Aviva
Proof of no claims discount

Date: 2 March 2026

To whom it may concern

Policyholder: Mr Ian Doherty
Policy number: AV55120918
Vehicle: Audi A3 Sportback, registration YG20 LMV
Period of insurance: 01/03/2025 to 28/02/2026
Cancelled on: 28/02/2026 (expired, not renewed)
No claims discount earned: 6 years
There were no claims during this period.

Aviva Insurance Limited, registered in Scotland number 2116.`,
    want: {
      policy_number: 'AV55120918',
      insurer: 'Aviva Insurance Limited',
      insurance_type: 'motor',
      start_date: '2025-03-01',
      end_date: '2026-02-28',
      vehicle_registration: 'YG20 LMV',
    },
  },
  {
    id: 'de-bestaetigung-arbeitgeber',
    text: `Signal Iduna Krankenversicherung a.G.
Bescheinigung zur Vorlage beim Arbeitgeber (§ 257 SGB V)

Dortmund, 6. Januar 2026

Herr Tobias Meier, geb. 21.04.1983, ist bei uns seit dem 01.01.2018 in der Krankheitskostenvollversicherung versichert.
Versicherungsnummer: 3 770 441 209
Monatlicher Beitrag zur Krankenversicherung ab 01.01.2026: 612,44 €
davon Pflegepflichtversicherung: 58,20 €`,
    want: {
      policy_number: '3 770 441 209',
      insurer: 'SIGNAL IDUNA Krankenversicherung a. G.',
      insurance_type: 'health',
      start_date: '2018-01-01',
      end_date: null,
    },
  },
];
