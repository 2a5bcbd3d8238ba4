import type { Catalogue } from './en.ts';

/** Norwegian (bokmål). */
export const no: Catalogue = {
  'errors.validation_failed': 'Noen felt er ikke fylt ut riktig.',
  'errors.invalid_token': 'Økten din har utløpt. Logg inn på nytt.',
  'errors.not_authenticated': 'Du må logge inn først.',
  'errors.forbidden': 'Du har ikke tilgang til dette.',
  'errors.not_found': 'Ikke funnet.',
  'errors.invalid_credentials': 'Feil e-post eller passord.',
  'errors.password_required': 'Skriv passordet ditt for å slette profilen din.',
  'errors.wrong_password': 'Passordet er feil.',
  'errors.email_in_use': 'E-postadressen er allerede i bruk.',
  'errors.password_too_common': 'Passordet er for vanlig. Velg et annet.',
  'errors.password_reset_failed': 'Kunne ikke tilbakestille passordet',
  'errors.email_verification_failed': 'Kunne ikke bekrefte e-postadressen. Lenken kan ha utløpt.',
  'errors.session_revoked': 'Du er logget ut. Logg inn på nytt.',
  'errors.rate_limited': 'For mange forsøk. Prøv igjen om litt.',
  'errors.confirmations_missing': 'Vennligst bekreft alle punktene.',
  'errors.conflict': 'Endringen kunne ikke lagres fordi dataene er endret i mellomtiden.',
  'errors.bad_request': 'Forespørselen kunne ikke forstås.',
  'errors.internal_error': 'Noe gikk galt hos oss. Prøv igjen senere.',
  'errors.service_unavailable': 'Tjenesten er midlertidig utilgjengelig. Prøv igjen senere.',
  'errors.storage_full':
    'Vi kan ikke lagre noe akkurat nå fordi lageret vårt er fullt. Ingenting ble lagret; prøv igjen senere.',
  'errors.identity_verification_required': 'Bekreft først identiteten din med BankID.',
  'errors.identity_verification_failed': 'Identitetssjekken ble ikke fullført. Prøv igjen.',
  'errors.identity_mismatch':
    'Identitetssjekken ble gjort av en annen person enn den som har bekreftet denne kontoen.',
  'errors.approval_required': 'Dette krever først din godkjenning med BankID.',
  'errors.identity_check_skip_not_allowed': 'Identitetssjekken kan ikke hoppes over for denne kontoen.',
  'errors.identity_provider_unavailable': 'Identitetstjenesten svarer ikke akkurat nå. Prøv igjen om litt.',
  'errors.not_allowed_while_switched':
    'Ansatte som bruker en annens konto, kan ikke gjøre dette. Bytt først tilbake til din egen konto.',
  'errors.cannot_switch_to_user':
    'Du kan ikke bytte til denne kontoen: ansattkontoer og din egen konto er ikke mulig.',
  'errors.google_token_invalid': 'Innlogging med Google mislyktes. Prøv igjen.',
  'errors.google_account_not_found': 'Ingen konto bruker denne Google-kontoen ennå. Registrer deg først.',
  'errors.google_email_not_verified':
    'Google har ikke bekreftet denne e-postadressen, så den kan ikke brukes til å logge inn.',
  'errors.google_sign_in_disabled': 'Innlogging med Google er ikke slått på her.',
  'errors.google_link_requires_password':
    'Det finnes allerede en konto med denne e-postadressen. Logg inn med passordet ditt.',
  'errors.organisation_exists': 'En organisasjon med dette organisasjonsnummeret er allerede registrert.',
  'errors.manufacturer_code_exists': 'Den produsentkoden finnes allerede i tabellen; endre den i stedet.',
  'errors.member_exists': 'Denne personen er allerede medlem av organisasjonen.',
  'errors.last_admin': 'En organisasjon må ha minst én administrator.',
  'errors.email_verification_required':
    'Bekreft først e-postadressen din. Bruk lenken vi har sendt deg, eller send en ny fra innstillingene dine.',
  'errors.invitation_invalid':
    'Denne invitasjonen er ikke lenger gyldig. Be organisasjonen om å invitere deg på nytt.',
  'errors.invitation_email_mismatch':
    'Denne invitasjonen ble sendt til {email}. Logg inn med den adressen for å ta imot den.',

  'errors.no_subscription': 'Det er ingen abonnement knyttet til kontoen.',
  'errors.no_free_credit':
    'Alle registreringene dine er brukt. Kjøp en ekstra registrering for å legge til sykkelen.',
  'errors.credit_in_use': 'Denne registreringen er allerede brukt på en sykkel.',
  'errors.bike_has_credit': 'Sykkelen har allerede en registrering.',
  'errors.frame_number_locked': 'Rammenummeret kan ikke endres etter et eierskifte.',
  'errors.file_too_large': 'Filen er for stor (maks {maximum} MB).',
  'errors.unsupported_file_type': 'Filtypen støttes ikke. Bruk JPEG, PNG, WebP eller PDF.',
  'errors.too_many_files': 'Sykkelen har nådd maks antall filer. Slett noen først.',
  'errors.image_unreadable': 'Bildet kunne ikke leses. Prøv et annet bilde.',

  'errors.idempotency_key_reused': 'Denne Idempotency-Key er allerede brukt til en annen forespørsel.',
  'errors.idempotency_key_in_progress':
    'Den samme forespørselen behandles allerede. Vent litt og prøv igjen.',
  'errors.bike_not_transferable':
    'Sykkelen kan ikke overføres. Den må ha både rammenummer og oblat, og den kan ikke være meldt stjålet.',
  'errors.transfer_pending': 'Det venter allerede en overføring av denne sykkelen. Avbryt den først.',
  'errors.transfer_not_pending':
    'Overføringen er ikke lenger åpen. Den er allerede godtatt, avvist, avbrutt eller utløpt.',
  'errors.request_exists': 'Du har allerede bedt om å overta denne sykkelen. Fortsett i chatten.',
  'errors.request_not_open': 'Forespørselen er ikke lenger åpen.',
  'errors.own_bike': 'Du eier allerede denne sykkelen.',
  'errors.certificate_bike_private':
    'En kjøper kan ikke finne en privat sykkel. Gjør den søkbar eller synlig for å lage et salgssertifikat.',
  'errors.certificate_bike_stolen': 'En sykkel som er meldt stjålet, kan ikke få et salgssertifikat.',
  'errors.verification_incomplete':
    'Fullfør begge stegene før du sender: bilde av rammenummeret og dokumentasjon på eierskap.',
  'errors.verification_not_editable': 'Verifiseringen er sendt til behandling og kan ikke endres nå.',
  'errors.transfer_email_mismatch':
    'Overdragelsen ble sendt til en annen e-postadresse. Logg inn med adressen tilbudet ble sendt til.',
  'errors.bike_already_stolen': 'Sykkelen er allerede meldt stjålet.',
  'errors.bike_not_stolen': 'Sykkelen er ikke meldt stjålet.',
  'errors.pickup_not_waiting': 'Sykkelen venter ikke lenger på å bli hentet.',
  'errors.contact_link_invalid':
    'Lenken for å sende meldingen din virker ikke lenger: den er feil eller mer enn 24 timer gammel. Skriv meldingen til eieren på nytt.',
  'errors.contact_already_sent': 'Meldingen er allerede sendt til eieren.',
  'errors.product_unavailable': 'Produktet kan ikke kjøpes akkurat nå. Last inn siden på nytt og velg igjen.',
  'errors.one_subscription_per_order': 'En ordre kan bare inneholde ett abonnement.',
  'errors.shipping_address_required': 'Skriv inn adressen oblatene skal sendes til.',
  'errors.bike_service_unavailable': 'Dette kan ikke lenger kjøpes til denne sykkelen.',
  'errors.voucher_invalid':
    'Koden er ikke gyldig her. Sjekk at den er skrevet riktig, og at den ikke er utløpt eller brukt. En rabattkode brukes i handlekurven ved betaling.',
  'errors.voucher_already_redeemed': 'Du har allerede brukt denne koden.',
  'errors.voucher_not_applicable':
    'Koden kan ikke brukes her. En rabattkode brukes i handlekurven ved betaling.',
  'errors.voucher_expiry_in_past': 'Utløpsdatoen må være i fremtiden.',
  'errors.order_not_payable': 'Ordren kan ikke lenger betales.',
  'errors.webhook_signature_invalid': 'Meldingen fra betalingstjenesten kunne ikke bekreftes.',
  'errors.order_not_refundable': 'Ordren kan ikke refunderes.',
  'errors.shipment_step_invalid': 'Forsendelsen kan ikke flyttes til det trinnet nå.',
  'errors.sticker_not_voidable': 'Koden kan ikke annulleres: den er allerede i bruk eller annullert.',
  'errors.pre_registered_policy':
    'Du er allerede kunde hos forsikringsselskapet. Bekreft innboforsikringen din i stedet for å kjøpe.',
  'errors.policy_not_editable': 'Polisen kan ikke endres lenger.',
  'errors.lock_test_open': 'Polisen har allerede en låstest som venter. Avgjør den før dere spør igjen.',
  'errors.lock_test_not_answerable':
    'Forsikringsselskapet har allerede avgjort låstesten, så svaret kan ikke endres lenger.',
  'errors.lock_test_not_decidable': 'Bare en besvart låstest kan godkjennes eller avvises.',
  'errors.plate_order_not_open': 'Oblatbestillingen er allerede sendt eller kansellert.',
  'errors.possession_not_editable': 'Dokumentasjonen er sendt til kontroll og kan ikke endres nå.',
  'errors.possession_incomplete':
    'Det mangler fortsatt noe før du kan sende: se listen over det som mangler.',
  'errors.verification_steps_open': 'Alle kontrolltrinn må være bekreftet før sykkelen kan godkjennes.',
  'errors.policy_decision_invalid': 'Polisen er ikke i en tilstand der dette kan avgjøres.',
  'errors.claim_not_payable': 'Sykkelen har ingen tyverimelding delt med dere som kan utbetales.',
  'errors.claim_already_paid': 'Skaden er allerede utbetalt.',
  'errors.account_blocked':
    'Kontoen er sperret av Sykkelregisterets kundeservice. Kontakt kundeservice hvis du mener dette er en feil.',
  'errors.organisation_suspended':
    'Organisasjonen er suspendert. Ingen kan handle for den før Sykkelregisteret opphever suspensjonen.',
  'errors.admin_only_organisation_type': 'Bare administratorer kan opprette denne typen organisasjon.',
  'errors.organisation_search_not_allowed':
    'Bare politiet, kommuner og forsikringsselskaper kan søke i registeret på denne måten. Bytt til organisasjonen du jobber for.',
  'errors.close_serial_search_police_only':
    'Bare politiet og registerets ansatte kan søke etter lignende rammenumre. Søk etter det nøyaktige rammenummeret i stedet.',
  'errors.owner_contact_police_only':
    'Bare politiet kan se eierens kontaktinformasjon. Skriv til eieren gjennom registeret.',
  'errors.bike_not_registered':
    'Ingen registrert sykkel har dette rammenummeret eller denne oblaten. Registeret har ingen eier å gi beskjed.',
  'errors.pickup_not_due': 'Eieren kan fortsatt hente sykkelen. Den kan først frigis etter siste hentedag.',
  'errors.payment_provider_unavailable':
    'Betalingstjenesten svarer ikke akkurat nå. Ingen penger er trukket. Prøv igjen om litt.',
  'errors.payment_provider_rejected':
    'Betalingstjenesten avviste forespørselen. Prøv igjen, eller kontakt oss hvis det fortsetter.',
  'validation.required': 'Feltet må fylles ut.',
  'validation.invalid_email': 'Skriv inn en gyldig e-postadresse.',
  'validation.password_too_short': 'Passordet må være minst {minimum} tegn.',
  'validation.password_too_long': 'Passordet kan være høyst {maximum} tegn.',
  'validation.password_too_common': 'Passordet er for vanlig. Velg et annet.',
  'validation.passwords_do_not_match': 'Passordene er ikke like.',
  'validation.must_accept': 'Du må godta for å fortsette.',
  'validation.invalid_zip_code': 'Skriv inn et postnummer på 4 sifre.',
  'validation.invalid_phone': 'Skriv inn et gyldig telefonnummer.',
  'validation.too_long': 'Kan være høyst {maximum} tegn.',
  'validation.invalid_club_membership_number': 'Ugyldig NAF-nummer. Medlemsnummeret må være 6 til 8 tegn.',
  'validation.confirm_all': 'Vennligst bekreft alle punktene.',
  'validation.invalid_value': 'Verdien er ikke gyldig.',
  'validation.invalid_registration_number':
    'Nummeret stemmer ikke. Et dansk CVR-nummer har 8 sifre og et norsk organisasjonsnummer 9, og det siste sifferet er et kontrollsiffer – se etter en tastefeil.',
  'validation.identifier_too_short': 'Må være minst 5 tegn (mellomrom og bindestreker teller ikke).',
  'validation.invalid_characters': 'Kan bare inneholde bokstaver og tall.',
  'validation.identifier_not_latin':
    'Bruk bare bokstavene A–Z, Æ, Ø, Å og tallene 0–9 (bokstaver fra andre alfabeter, for eksempel kyrilliske eller greske, og bokstaver med aksent kan ikke inngå i nummeret).',
  'validation.frame_or_plate_required': 'Oppgi rammenummer eller oblat-ID – gjerne begge.',
  'validation.invalid_date': 'Oppgi en gyldig dato.',
  'validation.date_not_in_past': 'Vennligst velg en dato i fortiden',
  'validation.invalid_production_year': 'Oppgi et gyldig produksjonsår (f.eks. 2021).',
  'validation.invalid_price': 'Oppgi prisen i hele kroner.',
  'validation.plate_id_invalid': 'Oblat-ID {plate_id} er ikke gyldig. Sjekk koden på oblaten.',
  'validation.plate_id_in_use': 'Oblaten {plate_id} er allerede registrert.',
  'validation.plate_id_other_equipment': 'Denne oblaten tilhører annet utstyr',
  'validation.frame_number_in_use':
    'Rammenummeret er allerede registrert. Kontakt kundeservice hvis sykkelen er din.',
  'validation.frame_number_and_plate_id_invalid': 'Rammenummer og oblat-ID er ikke gyldige',
  'validation.emails_do_not_match': 'De to e-postadressene må være like',
  'validation.transfer_to_self': 'Du kan ikke overføre en sykkel til deg selv.',
  'validation.frame_number_mismatch': 'Rammenummeret stemmer ikke med sykkelens rammenummer.',
  'validation.file_not_found': 'Filen finnes ikke på sykkelen. Last den opp på nytt.',
  'validation.missing': 'Fyll ut dette før du sender anmeldelsen.',
  'validation.national_id_not_collected':
    'Registeret tar ikke imot fødselsnumre eller CPR-numre. Du anmelder selv tyveriet til politiet på politiet.no eller politi.dk.',
  'validation.invalid_unit_number': 'Skriv bolignummeret som en bokstav og fire sifre, for eksempel H0101.',
  'validation.noted_before_last_seen': 'Du kan ikke ha oppdaget tyveriet før du sist så sykkelen.',
  'validation.date_not_in_future': 'Velg i dag eller en dato fram i tid.',
  'validation.date_too_far_ahead': 'Velg en dato innen et halvt år.',
  'validation.invalid_cpr':
    'Et dansk CPR-nummer har 10 sifre: fødselsdatoen (DDMMÅÅ) og fire sifre, skrevet DDMMÅÅ-XXXX.',
  'validation.invalid_cpr_date':
    'Fødselsdatoen i CPR-nummeret finnes ikke. Sjekk de første seks sifrene (DDMMÅÅ).',
  'validation.invalid_fodselsnummer':
    'Fødselsnummeret skal ha 11 sifre: fødselsdatoen (DDMMÅÅ) og fem sifre. Et D-nummer skrives på samme måte.',
  'validation.invalid_fodselsnummer_date':
    'Fødselsdatoen i fødselsnummeret finnes ikke. Sjekk de første seks sifrene (DDMMÅÅ).',
  'validation.invalid_fodselsnummer_check_digits':
    'Nummeret stemmer ikke. De to siste sifrene er kontrollsifre – se etter en tastefeil.',
  'validation.invalid_bank_registration_number': 'Registreringsnummeret skal være fire sifre.',
  'validation.invalid_bank_account_number':
    'Skriv kontonummeret med høyst 10 sifre, uten registreringsnummeret.',
  'validation.invalid_norwegian_account_number': 'Kontonummeret skal ha 11 sifre, skrevet XXXX.XX.XXXXX.',
  'validation.invalid_norwegian_account_check_digit':
    'Kontonummeret stemmer ikke. Det siste sifferet er et kontrollsiffer – se etter en tastefeil.',
  'validation.invalid_number_of_bikes': 'Velg mellom 1 og 10 sykler.',
  'validation.insured_bikes_exceed_number': 'Det er flere sykler på polisen enn antallet sykler.',
  'validation.insurer_unknown': 'Forsikringsselskapet finnes ikke.',
  'validation.coverage_not_offered': 'Forsikringsselskapet tilbyr ikke den dekningen.',
  'validation.lock_test_policy_unknown': 'Det finnes ingen åpen polise med det nummeret hos selskapet deres.',
  'validation.lock_test_holder_mismatch': 'Det er ikke e-postadressen til forsikringstakeren.',
  'validation.lock_approval_not_accepted':
    'Den godkjenningen gjelder ikke i forsikringsselskapets land (Varefakta i Danmark, FG i Norge).',
  'validation.bike_not_on_policy': 'Velg en av syklene på polisen.',
  'validation.lock_test_picture_not_of_bike': 'Velg bilder du har lastet opp av denne sykkelen.',
  'validation.bike_not_owned': 'Sykkelen er ikke registrert på deg.',
  'validation.bike_already_insured': 'Sykkelen er allerede på en polise.',
  'validation.upload_kind_mismatch': 'Filen er ikke den typen dette feltet ber om.',
  'validation.insurer_policy_number_in_use': 'Dere har allerede gitt en annen polise dette polisenummeret.',
  'validation.csv_header_invalid':
    'Første linje må navngi kolonnene insurer_policy_id, holder_email og holder_name.',
  'validation.csv_too_many_rows': 'Filen har for mange rader (høyst 5 000).',
  'validation.invalid_period': 'Velg en periode der starten ikke er etter slutten, på høyst fem år.',
  'validation.duplicate_value': 'Verdien står allerede på en tidligere linje.',
  'validation.invalid_price_bands':
    'Gi prisintervallene stigende øvre grenser; bare det siste intervallet har ingen øvre grense.',
  'validation.invalid_type': 'Verdien har feil type.',
  'validation.too_short': 'Må være minst {minimum} tegn.',
  'validation.too_small': 'Må være minst {minimum}.',
  'validation.too_big': 'Kan være høyst {maximum}.',
  'validation.invalid_format': 'Formatet er ikke gyldig.',
  'validation.unrecognized_key': 'Feltet er ikke tillatt.',
  'validation.invalid_json': 'Innholdet er ikke gyldig JSON.',

  'mail.link_hint': 'Virker ikke knappen? Kopier denne adressen inn i nettleseren din:',
  'mail.footer': 'Denne e-posten er sendt automatisk av Sykkelregisteret. Svar på den blir ikke lest.',

  // chats: the e-mail about unread messages
  'mail.chats.greeting': 'Hei,',
  'mail.chats.signature': 'Vennlig hilsen\nSykkelregisteret',
  'mail.chats.subject': 'Du har uleste meldinger',
  'mail.chats.intro_one': 'Du har 1 ulest melding i Sykkelregisteret.',
  'mail.chats.intro_other': 'Du har {count} uleste meldinger i Sykkelregisteret.',
  'mail.chats.privacy':
    'Av hensyn til personvernet ditt står ikke meldingene eller avsenderne i denne e-posten. Logg inn for å lese og svare på dem.',
  'mail.chats.line_one': '{subject}: 1 ulest melding – {link}',
  'mail.chats.line_other': '{subject}: {count} uleste meldinger – {link}',
  'mail.chats.subject_bike': 'En samtale om en sykkel',
  'mail.chats.subject_bike_brand': 'En samtale om {brand}-sykkelen',
  'mail.chats.subject_transfer': 'Et eierskifte',
  'mail.chats.subject_transfer_brand': 'En overføring av {brand}-sykkelen',
  'mail.chats.subject_request': 'En forespørsel om eierskap',
  'mail.chats.subject_request_brand': 'En forespørsel om {brand}-sykkelen',
  'mail.chats.action_one': 'Åpne samtalen',
  'mail.chats.action_other': 'Åpne meldingene mine',
  'mail.chats.footer':
    'Vi sender denne e-posten når meldinger venter uleste på deg mens du ikke bruker Sykkelregisteret.',

  // chats: e-posten til en gjest (skrev uten konto) når eieren svarer
  'mail.chats.guest_subject': 'Eieren av sykkelen har svart deg',
  'mail.chats.guest_intro':
    'Du skrev til eieren av en sykkel som er meldt stjålet i Sykkelregisteret, og eieren har svart.',
  'mail.chats.guest_how':
    'Logg inn eller opprett en konto med denne e-postadressen ({email}) og bekreft den for å lese svaret og skrive tilbake. Samtalen venter da på deg under Meldinger.',
  'mail.chats.guest_privacy':
    'Av hensyn til personvernet ditt står verken svaret eller eierens navn i denne e-posten. Eieren ser ikke e-postadressen din.',
  'mail.chats.guest_action': 'Les svaret',
  'mail.chats.guest_footer': 'Har du ikke skrevet til en sykkeleier, kan du se bort fra denne e-posten.',

  // finds: bekreftelsen en besøkendes melding venter på (sendt til adressen de oppga)
  'mail.contact_owner.subject': 'Bekreft meldingen din til sykkeleieren',
  'mail.contact_owner.intro':
    'Du har skrevet til eieren av en sykkel som er meldt stjålet i Sykkelregisteret: {bike}. Bekreft for å sende meldingen din til eieren.',
  'mail.contact_owner.intro_plain':
    'Du har skrevet til eieren av en sykkel som er meldt stjålet i Sykkelregisteret. Bekreft for å sende meldingen din til eieren.',
  'mail.contact_owner.answers':
    'Når eieren svarer, gir vi deg beskjed på denne adressen. Eieren ser aldri e-postadressen din.',
  'mail.contact_owner.action': 'Send meldingen min til eieren',
  'mail.contact_owner.footer':
    'Lenken virker i {hours} timer. Har du ikke skrevet til en sykkeleier, kan du se bort fra denne e-posten: da blir ingenting sendt, og meldingen slettes.',

  // finds: sykler som en finner eller en organisasjon oppbevarer for eieren
  'mail.finds.greeting': 'Hei,',
  'mail.finds.signature': 'Vennlig hilsen\nSykkelregisteret',
  'mail.plate_order.received.subject': 'Bestillingen din av {quantity} oblater',
  'mail.plate_order.received.intro':
    'Vi har mottatt bestillingen din av {quantity} oblater fra e-posten «{mailSubject}».',
  'mail.plate_order.received.delivery': 'Vi sender dem innen {min}–{max} virkedager.',
  'mail.plate_order.received.cancel':
    'Var e-posten ikke ment som en bestilling, eller er antallet feil, kan du kansellere bestillingen under Oblatbestillinger i forsikringsadministrasjonen før vi sender den.',
  'mail.plate_order.unreadable.subject': 'Vi kunne ikke lese oblatbestillingen din',
  'mail.plate_order.unreadable.intro':
    'Vi kunne ikke se hvor mange oblater e-posten «{mailSubject}» bestiller, så ingen oblater er bestilt.',
  'mail.plate_order.unreadable.how':
    'Skriv antallet i emnet eller teksten, for eksempel «Antall: 200». Én e-post bestiller mellom 1 og {maximum} oblater.',
  'mail.plate_order.sent.subject': 'De {quantity} oblatene dine er på vei',
  'mail.plate_order.sent.intro': 'Vi har sendt de {quantity} oblatene du bestilte.',
  'mail.plate_order.action': 'Åpne forsikringsadministrasjonen',
  'mail.lock_test.requested.subject': '{insurer} ber deg vise sykkellåsen din',
  'mail.lock_test.requested.intro':
    '{insurer}, der sykkelen din er forsikret, ber deg vise at sykkelen er låst med en godkjent lås.',
  'mail.lock_test.requested.what':
    'Ha låsebeviset for hånden (kortet eller papiret som fulgte med låsen, stemplet av butikken): du skal skrive inn godkjenningsnummeret, nøkkelnummeret og rammenummeret som står på det.',
  'mail.lock_test.requested.action': 'Svar på låstesten',
  'mail.lock_test.approved.subject': '{insurer} har godkjent sykkellåsen din',
  'mail.lock_test.approved.intro': '{insurer} har godkjent låsen du viste. Du trenger ikke gjøre mer.',
  'mail.lock_test.rejected.subject': '{insurer} kunne ikke godkjenne sykkellåsen din',
  'mail.lock_test.rejected.intro': '{insurer} kunne ikke godkjenne låsen du viste.',
  'mail.lock_test.rejected.reason': 'Begrunnelse: {reason}',
  'mail.lock_test.rejected.next':
    'Har du spørsmål om hva dette betyr for forsikringen din, kontakt {insurer}.',
  'mail.lock_test.action': 'Se låstesten',
  'mail.finds.pickup_registered.subject': 'Sykkelen din venter på å bli hentet',
  'mail.finds.pickup_registered.intro':
    '{holder} har sykkelen din {bike} og oppbevarer den for deg. Du kan hente den her: {place} – senest {until}.',
  'mail.finds.pickup_registered.note': 'Beskjed fra {holder}: {note}',
  'mail.finds.pickup_registered.chat':
    'Du kan skrive til dem i chatten på kontoen din. De ser verken navnet ditt eller e-postadressen din med mindre du skriver.',
  'mail.finds.pickup_registered.action': 'Se sykler som venter på meg',
  'mail.finds.pickup_cancelled.subject': 'Sykkelen din oppbevares ikke lenger for deg',
  'mail.finds.pickup_cancelled.intro':
    '{holder} oppbevarer ikke lenger sykkelen din {bike} for henting. Skriv til dem i chatten hvis du har spørsmål.',
  'mail.finds.pickup_cancelled.action': 'Åpne chatten',
  'mail.finds.pickup_registered.stolen':
    'Sykkelen er meldt stjålet, og tyverimeldingen din er knyttet til den. Når du har den igjen, melder du den funnet i registeret.',
  'mail.finds.pickup_released.subject': 'Sykkelen din ble ikke hentet og er frigitt',
  'mail.finds.pickup_released.intro':
    '{holder} oppbevarte sykkelen din {bike} til og med {until}. Den ble ikke hentet og er nå frigitt til gjenbruk eller auksjon. Registeret tar vare på historikken.',
  'mail.finds.pickup_released.action': 'Åpne chatten',
  'mail.finds.someone': 'En finner',
  'mail.found_match.subject': 'En sykkel som din kan være funnet',
  'mail.found_match.intro_taken_in_by': 'En sykkel som din {bike} ble tatt inn av {holder} den {date}.',
  'mail.found_match.intro_left_in_dock_by':
    'En sykkel som din {bike} sto for lenge i en dokk og ble tatt inn av {holder} den {date}.',
  'mail.found_match.intro_reported_found_by':
    'En sykkel som din {bike} ble meldt funnet til {holder} den {date}.',
  'mail.found_match.intro_reported_found': 'En sykkel som din {bike} ble meldt funnet den {date}.',
  'mail.found_match.claim':
    'Rammenummeret eller oblaten er det samme som på sykkelen din, eller nesten det samme. Er den din, gjør krav på den: du skriver til den som har den i chatten på kontoen din, og de ser verken navnet ditt eller e-postadressen din med mindre du skriver det.',
  'mail.found_match.action': 'Se den og gjør krav på den',

  // ownership mails (transfers, requests, verification)
  'mail.ownership.greeting': 'Hei,',
  'mail.ownership.signature': 'Vennlig hilsen\nSykkelregisteret',
  'mail.ownership.someone': 'En bruker av Sykkelregisteret',
  'mail.ownership.the_owner': 'Eieren',
  'mail.ownership.offer.subject': '{sender} vil gi deg en sykkel',
  'mail.ownership.offer.intro':
    '{sender} tilbyr deg sykkelen {bike} i Sykkelregisteret. Når du tar imot den, blir sykkelen registrert på deg.',
  'mail.ownership.offer.account': 'Åpne lenken for å se tilbudet og ta imot det eller avvise det.',
  'mail.ownership.offer.no_account':
    'Du har ennå ingen profil med {email}. Lenken åpner innloggingssiden, som forteller at en sykkel venter på deg: velg å opprette en profil med denne samme e-postadressen, så kommer du rett til tilbudet etterpå.',
  'mail.ownership.offer.action': 'Se tilbudet',
  'mail.ownership.offer.footer':
    'Tilbudet gjelder i {days} dager. Hvis du ikke ventet det, kan du se bort fra denne e-posten: ingenting skjer med mindre du tar imot det.',
  'mail.ownership.accepted.subject': 'Sykkelen din har fått en ny eier',
  'mail.ownership.accepted.intro':
    'Mottakeren har tatt imot overføringen av sykkelen {bike}. Den er nå registrert på mottakeren og vises ikke lenger under syklene dine.',
  'mail.ownership.accepted.credit':
    'Registreringen sykkelen brukte, er ledig igjen: du kan bruke den til en annen sykkel.',
  'mail.ownership.accepted.action': 'Se syklene mine',
  'mail.ownership.request.subject': 'Noen ber om å overta sykkelen din',
  'mail.ownership.request.intro':
    'Noen har funnet sykkelen din {bike} i registeret og ber deg overføre den til dem.',
  'mail.ownership.request.anonymous':
    'Les meldingen og svar i chatten. De ser ikke navnet ditt med mindre du skriver til dem.',
  'mail.ownership.request.action': 'Åpne chatten',
  'mail.ownership.verification_approved.subject': 'Sykkelen din er eierverifisert',
  'mail.ownership.verification_approved.intro':
    'Vi har kontrollert dokumentasjonen din: sykkelen {bike} er nå merket som eierverifisert.',
  'mail.ownership.verification_rejected.subject': 'Eierverifiseringen din ble ikke godkjent',
  'mail.ownership.verification_rejected.intro':
    'Vi kunne ikke godkjenne eierverifiseringen av sykkelen {bike}. Begrunnelse: {reason}',
  'mail.ownership.verification_rejected.again': 'Du kan rette stegene og sende den på nytt.',
  'mail.ownership.verification.action': 'Åpne verifiseringen',

  // insurance: our staff's check of an insured bike (issue 16 §5)
  'mail.insurance.greeting': 'Hei,',
  'mail.insurance.signature': 'Vennlig hilsen\nSykkelregisteret',
  'mail.insurance.verified.subject': 'Sykkelen din er godkjent for forsikringen',
  'mail.insurance.verified.intro':
    'Vi har kontrollert dokumentasjonen for sykkelen {bike} på polisen din hos {insurer}. Sykkelen er nå godkjent.',
  'mail.insurance.rejected.subject': 'Vi trenger noe mer for å godkjenne sykkelen din',
  'mail.insurance.rejected.intro':
    'Vi kunne ikke godkjenne dokumentasjonen for sykkelen {bike} på polisen din hos {insurer}. Begrunnelse: {reason}',
  'mail.insurance.rejected.again': 'Rett det vi ber om, og send dokumentasjonen på nytt.',
  'mail.insurance.action': 'Åpne forsikringen din',

  // insurance: a bike the insurer paid out for is found (issue 16 §4)
  'mail.insurance.found_after_payout.subject': 'En sykkel dere har utbetalt erstatning for, er funnet',
  'mail.insurance.found_after_payout.message':
    'Noen har skrevet til {insurer} om sykkelen {bike}. Registreringen gikk over til {insurer} da dere utbetalte erstatningen, så meldingen ligger i organisasjonens chatter.',
  'mail.insurance.found_after_payout.pickup':
    'Noen oppbevarer sykkelen {bike} slik at {insurer} kan hente den. Registreringen gikk over til {insurer} da dere utbetalte erstatningen; hvor og til når den kan hentes, står i organisasjonens chatter.',
  'mail.insurance.found_after_payout.action': 'Åpne chattene',

  // theft reports: the confirmation mail and the PDF of a report
  'mail.theft.greeting': 'Hei,',
  'mail.theft.signature': 'Vennlig hilsen\nSykkelregisteret',
  'mail.theft.submitted.subject': 'Sykkelen din er meldt stjålet',
  'mail.theft.submitted.intro':
    'Vi har mottatt anmeldelsen din av tyveriet av sykkelen {bike}. Sykkelen står nå som stjålet i registeret: Den som skanner sykkelens oblat eller søker på rammenummeret, ser det og kan kontakte deg uten å se navnet ditt eller e-postadressen din.',
  'mail.theft.submitted.map':
    'På det offentlige kartet over stjålne sykler vises den på et omtrentlig sted – aldri på den nøyaktige adressen.',
  'mail.theft.submitted.pdf':
    'Registeret sender ikke meldingen til politiet. Anmeld tyveriet til politiet på politiet.no (i Danmark politi.dk) – på meldingens side står opplysningene politiets skjema spør om, klare til å kopiere, og du kan laste ned meldingen som PDF til forsikringsselskapet ditt. Får du sykkelen tilbake, melder du den funnet i registeret.',
  'mail.theft.submitted.action': 'Åpne tyverianmeldelsen',

  // the insurer's admin (issue 16 §4): mails about its decisions, its report as a PDF
  'mail.insurer_decision.greeting': 'Hei,',
  'mail.insurer_decision.signature': 'Vennlig hilsen\nSykkelregisteret',
  'mail.insurer_decision.accepted.subject': 'Sykkelforsikringen din hos {insurer} er aktiv',
  'mail.insurer_decision.accepted.intro':
    '{insurer} har godkjent søknaden din. Polisenummeret ditt er {number}.',
  'mail.insurer_decision.rejected.subject': '{insurer} har avslått søknaden din',
  'mail.insurer_decision.rejected.intro': '{insurer} har avslått søknaden din om sykkelforsikring.',
  'mail.insurer_decision.cancelled.subject': '{insurer} har sagt opp sykkelforsikringen din',
  'mail.insurer_decision.cancelled.intro':
    '{insurer} har sagt opp polisen din {number}. Syklene dine er ikke lenger forsikret gjennom den.',
  'mail.insurer_decision.reason': 'Begrunnelsen: {reason}',
  'mail.insurer_decision.questions': 'Har du spørsmål, kontakt {insurer}.',
  'mail.insurer_decision.action': 'Se forsikringen din',
  'pdf.insurer_report.register': 'Sykkelregisteret',
  'pdf.insurer_report.title': 'Forsikringsrapport',
  'pdf.insurer_report.period': 'Periode: {from} – {to}',
  'pdf.insurer_report.made': 'Laget {date}',
  'pdf.insurer_report.summary': 'Oversikt',
  'pdf.insurer_report.per_month': 'Tyverier og utbetalinger per måned',
  'pdf.insurer_report.month': 'Måned',
  'pdf.insurer_report.thefts': 'Tyverier',
  'pdf.insurer_report.found': 'Funnet igjen',
  'pdf.insurer_report.payouts': 'Utbetalinger',
  'pdf.insurer_report.amount': 'Utbetalt ({currency})',
  'pdf.insurer_report.recovery_rate': 'Gjenfinningsrate (funnet / stjålet)',
  'pdf.insurer_report.not_applicable': 'ingen stjålet',
  'pdf.insurer_report.places': 'Tyverier per sted',
  'pdf.insurer_report.place': 'Sted (poststed)',
  'pdf.insurer_report.unknown_place': 'Sted ikke oppgitt',
  'pdf.insurer_report.places_note':
    'Stedet er poststedet i meldingens adresse for tyveriet, ellers melderens eget poststed; registeret kjenner ikke kommuner.',
  'pdf.insurer_report.backlog': 'Verifiseringskø (forsikrede sykler på åpne poliser, i dag)',
  'pdf.insurer_report.status': 'Status',
  'pdf.insurer_report.bikes': 'Sykler',
  'pdf.insurer_report.none': 'Ingen i perioden.',
  'pdf.insurer_report.consent_note':
    'Bare tyverimeldinger som eierne har gitt lov til å dele med dere, er talt med.',
  'pdf.insurer_report.status.needs_uploads': 'Venter på forsikringstakerens opplastinger',
  'pdf.insurer_report.status.pending': 'Venter på vår kontroll',
  'pdf.insurer_report.status.verified': 'Verifisert',
  'pdf.insurer_report.status.rejected': 'Avvist',
  'pdf.insurer_report.page': 'Side {page} av {pages}',
  'receipt.title.dk': 'Kvittering (forenklet faktura)',
  'receipt.title.no': 'Kvittering (salgsdokument)',
  'receipt.number': 'Kvitteringsnummer',
  'receipt.date': 'Dato',
  'receipt.order': 'Ordre',
  'receipt.seller': 'Selger',
  'receipt.vat_number.dk': 'CVR-nr. {number}',
  'receipt.vat_number.no': 'Org.nr. {number} MVA',
  'receipt.buyer': 'Kjøper',
  'receipt.quantity': 'Antall',
  'receipt.description': 'Beskrivelse',
  'receipt.unit_price': 'Enhetspris',
  'receipt.amount': 'Beløp',
  'receipt.discount': 'Rabatt',
  'receipt.total': 'Totalt inkl. mva.',
  'receipt.vat': 'Mva. {rate} % av {base}',
  'receipt.currency': 'Valuta',
  'receipt.payment_method': 'Betalt med',
  'receipt.method.reepay': 'Betalingskort',
  'receipt.method.voucher': 'Verdikode',
  'receipt.method.insurance': 'Inngår i forsikringen',
  'receipt.no_fees': 'Det er ikke belastet kortgebyr.',
  'receipt.withdrawal':
    'Du har 14 dagers angrerett fra kjøpsdagen (for varer fra dagen du mottar dem). Skriv til oss i supportchatten hvis du vil angre.',
  'receipt.withdrawal_consent':
    'Du ba om at registreringen ble tatt i bruk med en gang, og bekreftet at angreretten for den opphører når den er tatt i bruk.',
  'receipt.delivery': 'Oblater leveres innen {min}–{max} virkedager.',
  'receipt.refunded': 'Refundert: {amount} ({date})',
  'mail.receipt.subject': 'Din kvittering {number} fra Sykkelregisteret',
  'mail.receipt.intro': 'Takk for bestillingen. Vi har mottatt betalingen din, og her er kvitteringen.',
  'mail.receipt.pdf': 'Ordrene dine og denne kvitteringen som PDF finner du på siden din:',
  'mail.receipt.action': 'Se ordrene dine',
  'mail.refund.subject': 'Refusjon av ordren din {number}',
  'mail.refund.intro':
    'Vi har refundert {amount} for ordren din {number} til kortet du betalte med. Det kan ta noen bankdager før beløpet står på kontoen din.',
  'mail.refund.credits_withdrawn': 'Registreringer fra ordren som ikke var brukt, er trukket tilbake.',
  'mail.refund.credits_kept': 'En registrering som allerede er brukt på en sykkel, blir stående.',
  'mail.referral.granted.subject': 'Du har fått en gratis registrering',
  'mail.referral.granted.intro':
    '{name} har registrert seg med invitasjonen din og har kjøpt en registrering. Takk for tipset: Det ligger nå en gratis registrering på kontoen din, klar til en sykkel.',
  'mail.referral.taken_back.subject': 'Den gratis registreringen fra en invitasjon er trukket tilbake',
  'mail.referral.taken_back.intro':
    'Kjøpet til {name}, som registrerte seg med invitasjonen din, er refundert. Den gratis registreringen du fikk for det, var ikke brukt, så den er trukket tilbake.',
  'mail.referral.someone': 'En person',
  'mail.referral.action': 'Se invitasjonene dine',
  'mail.shipment.subject': 'Oblatene dine er sendt (ordre {number})',
  'mail.shipment.intro':
    'Vi har sendt oblatene fra ordren din {number}. De kommer vanligvis fram innen noen virkedager.',
  'mail.shipment.tracking': 'Sporingsnummer: {tracking_number}',
  'pdf.certificate.title': 'Salgssertifikat',
  'pdf.certificate.intro':
    'Sykkelens historikk i Sykkelregisteret, signert av registeret. Ingen navn. Skann QR-koden for å se om sertifikatet er ekte og fortsatt gjelder.',
  'pdf.certificate.certificate_id': 'Sertifikat-ID',
  'pdf.certificate.issued_at': 'Utstedt',
  'pdf.certificate.frame_number': 'Rammenummer (delvis skjult)',
  'pdf.certificate.registered_since': 'Registrert siden',
  'pdf.certificate.owners': 'Antall eiere',
  'pdf.certificate.thefts': 'Tyverier',
  'pdf.certificate.no_thefts': 'Aldri meldt stjålet',
  'pdf.certificate.theft_open': 'Meldt stjålet {stolen}',
  'pdf.certificate.theft_recovered': 'Meldt stjålet {stolen}, funnet {recovered}',
  'pdf.certificate.identity_verified': 'Eierens identitet bekreftet (MitID/BankID)',
  'pdf.certificate.check_title': 'Sjekk før du kjøper',
  'pdf.certificate.check_text':
    'Åpne adressen eller skann QR-koden: siden viser om sykkelen er meldt stjålet eller har byttet eier siden sertifikatet ble utstedt.',
  'pdf.certificate.signature':
    'Ed25519-signatur (nøkkel {kid}, publisert på /.well-known/nbr-certificate-keys.json):',
  'pdf.certificate.printed_at': 'Skrevet ut {date}',
  'pdf.certificate.status_stolen': 'ADVARSEL: Sykkelen er meldt stjålet.',
  'pdf.certificate.status_superseded':
    'Sertifikatet gjelder ikke lenger: sykkelen har byttet eier eller historikk siden.',
  'pdf.certificate.status_revoked': 'Sertifikatet er trukket tilbake av eieren.',
  'pdf.certificate.status_bike_deleted': 'Sykkelen er ikke lenger i registeret.',
  'pdf.certificate.status_current': 'Sertifikatet gjelder.',
  'pdf.theft.register': 'Sykkelregisteret',
  'pdf.theft.title': 'Tyverianmeldelse',
  'pdf.theft.intro':
    'Eieren har meldt denne sykkelen stjålet i registeret. Dokumentet er eierens kopi av meldingen i registeret, til bruk overfor politi og forsikringsselskap.',
  'pdf.theft.report_id': 'Anmeldelses-ID',
  'pdf.theft.submitted_at': 'Anmeldt',
  'pdf.theft.status': 'Status',
  'pdf.theft.status_submitted': 'Meldt stjålet',
  'pdf.theft.status_found': 'Funnet (meldt {date})',
  'pdf.theft.printed_at': 'Skrevet ut {date}',
  'pdf.theft.page': 'Side {page} av {pages}',
  'pdf.theft.section_owner': 'Eier',
  'pdf.theft.name': 'Navn',
  'pdf.theft.email': 'E-post',
  'pdf.theft.address': 'Adresse',
  'pdf.theft.mobile': 'Mobil',
  'pdf.theft.telephone': 'Annen telefon',
  'pdf.theft.police_report': 'Eieren anmelder tyveriet til politiet',
  'pdf.theft.section_bike': 'Sykkel',
  'pdf.theft.nickname': 'Sykkelens navn',
  'pdf.theft.brand': 'Merke',
  'pdf.theft.model': 'Modell',
  'pdf.theft.frame_number': 'Rammenummer',
  'pdf.theft.plate_id': 'Oblat-ID',
  'pdf.theft.color': 'Farge',
  'pdf.theft.category': 'Kategori',
  'pdf.theft.electric': 'Elsykkel',
  'pdf.theft.battery': 'Batteri',
  'pdf.theft.section_insurance': 'Forsikring og verdi',
  'pdf.theft.insured': 'Forsikret',
  'pdf.theft.insurance_company': 'Forsikringsselskap',
  'pdf.theft.price': 'Pris',
  'pdf.theft.section_theft': 'Tyveriet',
  'pdf.theft.lock': 'Lås',
  'pdf.theft.culprit_known': 'Gjerningsperson kjent',
  'pdf.theft.culprit_recognizable': 'Gjerningsperson gjenkjennelig',
  'pdf.theft.culprit_info': 'Om gjerningspersonen',
  'pdf.theft.witness': 'Vitner',
  'pdf.theft.witnesses': 'Om vitnene',
  'pdf.theft.last_seen': 'Sist sett',
  'pdf.theft.noted': 'Tyveriet oppdaget',
  'pdf.theft.place': 'Sted',
  'pdf.theft.coordinates': 'Valgt på kartet',
  'pdf.theft.coordinates_value': '{latitude}, {longitude} (bredde, lengde)',
  'pdf.theft.section_acknowledgements': 'Eierens erklæringer',
  'pdf.theft.ack_payout':
    'Jeg gir selv forsikringsselskapet mitt beskjed om tyveriet og om at jeg får sykkelen tilbake.',
  'pdf.theft.ack_data_share': 'Anmeldelsen kan deles med forsikringsselskapet mitt.',
  'pdf.theft.ack_ownership_transfer':
    'Hvis forsikringsselskapet erstatter sykkelen, overføres registreringen av sykkelen til selskapet.',
  'pdf.theft.ack_given': 'Bekreftet',
  'pdf.theft.ack_missing': 'Ikke bekreftet',
  'pdf.theft.yes': 'Ja',
  'pdf.theft.no': 'Nei',
  'pdf.theft.lock_locked_to_object': 'Låst fast til noe',
  'pdf.theft.lock_locked': 'Låst, men ikke fast til noe',
  'pdf.theft.lock_unlocked': 'Ikke låst',
  'pdf.theft.battery_removed': 'Tatt av av eieren',
  'pdf.theft.battery_on_bike': 'Satt på sykkelen',
  'pdf.theft.battery_integrated': 'Innebygd i rammen',
  'pdf.theft.category_city': 'Bysykkel',
  'pdf.theft.category_mountainTour': 'Terreng-/tursykkel',
  'pdf.theft.category_road': 'Landeveissykkel',
  'pdf.theft.category_racer': 'Racersykkel',
  'pdf.theft.category_cargo': 'Lastesykkel',
  'pdf.theft.category_hybrid': 'Hybridsykkel',
  'pdf.theft.category_cruiser': 'Cruisersykkel',
  'pdf.theft.category_folding': 'Sammenleggbar sykkel',
  'pdf.theft.category_bmx': 'BMX-sykkel',
  'pdf.theft.color_black': 'Svart',
  'pdf.theft.color_gray': 'Grå',
  'pdf.theft.color_blue': 'Blå',
  'pdf.theft.color_green': 'Grønn',
  'pdf.theft.color_white': 'Hvit',
  'pdf.theft.color_red': 'Rød',
  'pdf.theft.color_special': 'Spesialfarge',
  'pdf.theft.color_orange': 'Oransje',
  'pdf.theft.color_yellow': 'Gul',
  'pdf.theft.color_brown': 'Brun',
  'pdf.theft.color_purple': 'Lilla',
  'pdf.theft.color_multi': 'Flerfarget',
  'pdf.theft.color_pink': 'Rosa',
  'errors.support_link_invalid':
    'Lenken til spørsmålet ditt til support virker ikke (lenger). Skriv til oss igjen fra support-siden.',
  'mail.support.greeting': 'Hei,',
  'mail.support.signature': 'Vennlig hilsen\nSupport, Sykkelregisteret',
  'mail.support.confirm_subject': 'Bekreft spørsmålet ditt til supporten vår',
  'mail.support.confirm_intro':
    'Du (eller noen som skrev inn adressen din) har skrevet til supporten i Sykkelregisteret. Spørsmålet ditt når oss når du følger lenken nedenfor, som også tar deg til samtalen.',
  'mail.support.confirm_action': 'Bekreft og åpne samtalen',
  'mail.support.confirm_expiry':
    'Lenken virker i {days} dager. Spørsmålet ditt slettes hvis det ikke er bekreftet innen {hours} timer.',
  'mail.support.confirm_ignore':
    'Har du ikke skrevet til oss, kan du se bort fra denne e-posten: ingenting blir sendt.',
  'mail.support.answered_subject': 'Supporten vår har svart deg',
  'mail.support.answered_intro':
    'Supporten vår har svart på spørsmålet ditt. Følg lenken for å lese svaret og skrive tilbake.',
  'mail.support.answered_action': 'Les svaret',
  'errors.plan_for_organisations':
    'Organisasjonsabonnementet er bare for organisasjoner. Velg et personlig abonnement.',
  // Issue 27 probe 8: budgets on the most sensitive reads, and the police's case number.
  'errors.read_budget_reached':
    'Du har brukt dagens kvote for denne typen oppslag. Organisasjonens administrator har fått beskjed. Du kan igjen fra midnatt.',
  'validation.invalid_police_case_number':
    'Skriv politiets saksnummer i politiets egen form: i Norge anmeldelsesnummeret med 8 sifre, f.eks. 14325678; i Danmark journalnummeret, f.eks. 0100-80151-00012-24 (kreds, kode, løpenummer, år).',
  'mail.read_budget.subject': '{person} har brukt dagens kvote av sensitive oppslag hos {organisation}',
  'mail.read_budget.national_id':
    '{person} har i dag sett {count} forsikringstakeres fulle fødselsnummer i Sykkelregisteret for {organisation}. Det er det høyeste antallet én ansatt kan se på én dag.',
  'mail.read_budget.owner_contact':
    '{person} har i dag sett {count} sykkeleieres kontaktopplysninger i Sykkelregisteret for {organisation}. Det er det høyeste antallet én ansatt kan se på én dag.',
  'mail.read_budget.refused': 'Flere oppslag av den typen avvises fram til midnatt.',
  'mail.read_budget.check':
    'Hvert oppslag er logget med begrunnelsen. Var det ikke ventet, snakk med den ansatte, og skriv til supporten vår.',
  'mail.read_budget.action': 'Åpne Sykkelregisteret',
  'errors.club_member_list_empty':
    'Listen har ingen medlemsnumre. Last opp en CSV-fil med ett medlemsnummer (6–8 tegn) i første kolonne på hver linje.',
  'errors.bike_not_found': 'Velg en av dine egne registrerte sykler.',
  'errors.device_not_found': 'Låseenheten finnes ikke i dette dokken.',
  'errors.pairing_code_invalid': 'Paringskoden er feil, brukt eller utløpt. Be operatøren om en ny.',
  'errors.lock_not_free': 'Låsen er ikke ledig. Velg en annen lås.',
  'errors.bike_already_parked': 'Sykkelen er allerede låst i en dokk. Lås den opp der først.',
  'errors.lock_out_of_service': 'Låsen er ute av drift. Velg en annen lås.',
  'errors.dock_closed_now': 'Dokken er stengt nå. Se åpningstidene.',
  'errors.not_your_parking': 'Bare den som låste sykkelen, kan låse den opp.',
  'errors.lock_offline': 'Låsen er frakoblet akkurat nå. Prøv igjen senere, eller ring operatøren.',
  'errors.lock_busy': 'Låsen utfører en annen kommando. Prøv igjen om et øyeblikk.',
  'webshop.club_one_time_registration': 'Registrering i {months} måneder, betalt én gang',
  // Issue 27: a map pick in open water (@nbr/domain/land).
  'validation.place_at_sea': 'Nålen står i havet. Sett den der sykkelen ble stjålet, på land.',
  // Issue 28 (docks).
  'errors.dock_not_found': 'Vi finner ikke den dokken.',
  'errors.lock_not_found': 'Vi finner ikke den låsen i denne dokken.',
  'errors.parking_not_found': 'Vi finner ikke den parkeringen i denne dokken.',
  'errors.dock_closed_down': 'Denne dokken er lagt ned og kan ikke lenger endres.',
  'errors.lock_label_taken': 'En annen lås i denne dokken har allerede den betegnelsen.',
  'errors.parking_not_left_behind': 'Sykkelen har ennå ikke stått lenger enn dokken tillater.',
  'errors.parking_closed': 'Sykkelen er allerede låst opp og tatt ut av låsen.',
  'errors.parking_handed_over': 'Sykkelen er allerede overlevert for oppbevaring for eieren.',
  'errors.held_bikes_not_allowed': 'Bare politiet eller en kommune kan ta inn sykler for eierne.',
  // Issue 29 §2 (flows).
  'errors.region_page_not_found': 'Siden finnes ikke eller er ikke publisert.',
  'errors.region_page_taken': 'Regionen har allerede en side med denne adressen. Velg en annen.',
  'errors.region_page_no_draft':
    'Det finnes ikke noe utkast på dette språket å publisere. Lagre et utkast først.',
  'validation.region_page_path_invalid':
    'Skriv adressen med små bokstaver, tall og bindestreker, f.eks. sykkeldag-2027 eller naf/medlem.',
  'errors.flow_not_found': 'Forløpet finnes ikke eller er ikke publisert.',
  'errors.flow_walk_not_found': 'Vi finner ikke din gjennomgang av forløpet. Start på nytt.',
  'errors.flow_walk_finished': 'Du har allerede fullført forløpet. Start på nytt for å svare igjen.',
  'errors.flow_step_not_open': 'Dette steget er ikke neste steg ennå. Svar på de tidligere stegene først.',
  'errors.flow_step_has_no_action': 'Dette steget har ingen handling å utføre.',
  'errors.flow_step_not_answered': 'Svar på stegets spørsmål først.',
  'errors.flow_version_not_found': 'Forløpet har ingen slik publisert versjon.',
  'errors.flow_memo_taken': 'Et annet forløp har allerede denne adressen. Velg en annen.',
  'errors.flow_memo_reserved': 'Adressen brukes allerede av en side på nettstedet. Velg en annen.',
  // Issue 29 §2: a flow definition's problems (checkFlowDefinition), {subject} the step, question or choice.
  'validation.flow_step_memo_repeated': 'To trinn har adressen «{subject}». Gi hvert trinn sin egen.',
  'validation.flow_question_id_repeated': 'To spørsmål har id-en «{subject}». Gi hvert spørsmål sin egen.',
  'validation.flow_target_unknown':
    '«{subject}» er ikke et trinn i forløpet. Gå til et trinn som finnes, eller til slutten.',
  'validation.flow_loop': 'Forløpet kan gå i ring ved «{subject}». Hver vei gjennom det må nå slutten.',
  'validation.flow_step_unreachable': 'Ingen vei gjennom forløpet når trinnet «{subject}».',
  'validation.flow_condition_question_unknown':
    'Betingelsen spør om «{subject}», som ikke er et spørsmål i forløpet.',
  'validation.flow_condition_question_later': 'Betingelsen spør om «{subject}», som først stilles senere.',
  'validation.flow_condition_value_unknown':
    'Betingelsen nevner «{subject}», som ikke er et av spørsmålets svaralternativer.',
  'validation.flow_choices_missing': 'Valgspørsmålet «{subject}» mangler svaralternativene sine.',
  'validation.flow_choices_not_allowed': 'Bare et valgspørsmål har svaralternativer; «{subject}» er ikke et.',
  'validation.flow_choice_id_repeated': 'To svaralternativer har id-en «{subject}». Gi hvert sin egen.',
  'validation.flow_survey_missing':
    'Steget «{subject}» slutter med å svare på en undersøkelse, men ingen undersøkelse er valgt. Velg den.',
  'validation.flow_survey_not_allowed':
    'Steget «{subject}» har en undersøkelse, men slutter ikke med å svare på den. Fjern den, eller velg den handlingen.',
  // Issue 29 §1 (commuter surveys).
  'errors.survey_not_found': 'Vi finner ikke den undersøkelsen.',
  'errors.survey_not_open': 'Undersøkelsen er ikke åpen for svar.',
  'errors.survey_answer_exists':
    'Du har allerede svart på denne undersøkelsen mens du var logget inn. Vi har beholdt det svaret.',
  'errors.survey_answer_not_found': 'Vi finner ikke svaret ditt. Start gjerne på nytt.',
  // Issue 32 §1: sjekk via API.
  'errors.api_key_required':
    'Denne adressen krever en organisasjons API-nøkkel (Authorization: Bearer nbr_ck_…), ikke en persons innlogging.',
  'errors.invalid_api_key': 'API-nøkkelen finnes ikke eller er trukket tilbake.',
  'validation.too_many_identifiers': 'Det kan høyst sjekkes {maximum} numre om gangen.',
  'validation.webhook_url_invalid': 'Skriv en full adresse som begynner med https://.',
  'validation.webhook_url_not_allowed':
    'Webhooken må være en https-adresse på internett, ikke en lokal eller privat adresse.',
  'errors.webhook_not_set': 'Organisasjonen har ingen webhook ennå.',
  'errors.webhook_delivery_not_failed': 'Bare en hendelse som ikke kunne leveres, kan sendes på nytt.',
  'errors.import_columns_missing': 'Filen har ingen kolonne {columns} i første rad.',
  'errors.import_too_many_rows': 'Filen har mer enn {maximum} rader: del den opp i flere filer.',
  'errors.import_file_unreadable': 'Filen kunne ikke leses som CSV eller XLSX ({reason}).',
  'errors.import_job_not_startable':
    'Denne importen kan ikke startes eller avbrytes nå: den er allerede startet eller avbrutt.',
  'mail.bulk_import.subject': 'Syklene dine fra {source} er i Sykkelregisteret',
  'mail.bulk_import.greeting_named': 'Hei {name},',
  'mail.bulk_import.body_one':
    '{source} har flyttet registeret sitt til Sykkelregisteret. Én sykkel registrert på denne e-postadressen venter på deg.',
  'mail.bulk_import.body_many':
    '{source} har flyttet registeret sitt til Sykkelregisteret. {count} sykler registrert på denne e-postadressen venter på deg.',
  'mail.bulk_import.how':
    'Registrer deg eller logg inn med samme adresse ({email}) og bekreft den: da står syklene under Mine sykler, der du kan melde et tyveri, overdra en sykkel og ta vare på papirene.',
  'mail.bulk_import.not_you':
    'Er dette ikke syklene dine, kan du se bort fra denne e-posten; da skjer det ingenting.',
  'mail.bulk_import.action': 'Se syklene mine',
};
