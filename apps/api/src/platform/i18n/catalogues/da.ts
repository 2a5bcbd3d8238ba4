import type { Catalogue } from './en.ts';

export const da: Catalogue = {
  'errors.validation_failed': 'Nogle felter er ikke udfyldt korrekt.',
  'errors.invalid_token': 'Din session er udløbet. Log ind igen.',
  'errors.not_authenticated': 'Du skal logge ind først.',
  'errors.forbidden': 'Du har ikke adgang til dette.',
  'errors.not_found': 'Ikke fundet.',
  'errors.invalid_credentials': 'Forkert e-mail eller adgangskode.',
  'errors.password_required': 'Skriv din adgangskode for at slette din profil.',
  'errors.wrong_password': 'Adgangskoden er forkert.',
  'errors.email_in_use': 'E-mailadressen er allerede i brug.',
  'errors.password_too_common': 'Adgangskoden er for almindelig og let at gætte. Vælg en anden.',
  'errors.password_reset_failed': 'Kunne ikke nulstille adgangskoden',
  'errors.email_verification_failed': 'Kunne ikke bekræfte e-mailadressen. Linket er måske udløbet.',
  'errors.session_revoked': 'Du er blevet logget ud. Log ind igen.',
  'errors.rate_limited': 'For mange forsøg. Prøv igen om lidt.',
  'errors.confirmations_missing': 'Bekræft venligst alle punkter.',
  'errors.conflict': 'Ændringen kunne ikke gemmes, fordi data er ændret i mellemtiden.',
  'errors.bad_request': 'Forespørgslen kunne ikke forstås.',
  'errors.internal_error': 'Der gik noget galt hos os. Prøv igen senere.',
  'errors.service_unavailable': 'Tjenesten er midlertidigt utilgængelig. Prøv igen senere.',
  'errors.storage_full':
    'Vi kan ikke gemme noget lige nu, fordi vores lager er fuldt. Intet blev gemt; prøv igen senere.',
  'errors.identity_verification_required': 'Bekræft først din identitet med MitID.',
  'errors.identity_verification_failed': 'Identitetstjekket blev ikke gennemført. Prøv igen.',
  'errors.identity_mismatch':
    'Identitetstjekket blev foretaget af en anden person end den, der har bekræftet denne konto.',
  'errors.approval_required': 'Dette kræver først din godkendelse med MitID.',
  'errors.identity_check_skip_not_allowed': 'Identitetstjekket kan ikke springes over for denne konto.',
  'errors.identity_provider_unavailable': 'Identitetstjenesten svarer ikke lige nu. Prøv igen om lidt.',
  'errors.not_allowed_while_switched':
    'Medarbejdere, der bruger en andens konto, kan ikke gøre dette. Skift først tilbage til din egen konto.',
  'errors.cannot_switch_to_user':
    'Du kan ikke skifte til denne konto: medarbejderkonti og din egen konto er ikke mulige.',
  'errors.google_token_invalid': 'Log ind med Google mislykkedes. Prøv igen.',
  'errors.google_account_not_found': 'Ingen konto bruger denne Google-konto endnu. Opret dig først.',
  'errors.google_email_not_verified':
    'Google har ikke bekræftet denne e-mailadresse, så den kan ikke bruges til at logge ind.',
  'errors.google_sign_in_disabled': 'Log ind med Google er ikke slået til her.',
  'errors.google_link_requires_password':
    'Der findes allerede en konto med denne e-mailadresse. Log ind med din adgangskode.',
  'errors.organisation_exists': 'En organisation med dette CVR-nummer er allerede registreret.',
  'errors.manufacturer_code_exists': 'Den fabrikantkode findes allerede i tabellen; ret den i stedet.',
  'errors.member_exists': 'Denne person er allerede medlem af organisationen.',
  'errors.last_admin': 'En organisation skal have mindst én administrator.',
  'errors.email_verification_required':
    'Bekræft først din e-mailadresse. Brug linket, vi har sendt dig, eller send et nyt fra dine indstillinger.',
  'errors.invitation_invalid':
    'Denne invitation er ikke længere gyldig. Bed organisationen om at invitere dig igen.',
  'errors.invitation_email_mismatch':
    'Denne invitation blev sendt til {email}. Log ind med den adresse for at tage imod den.',

  'errors.no_subscription': 'Der er intet abonnement knyttet til kontoen.',
  'errors.no_free_credit':
    'Alle dine registreringer er brugt. Køb en ekstra registrering for at tilføje cyklen.',
  'errors.credit_in_use': 'Denne registrering er allerede brugt på en cykel.',
  'errors.bike_has_credit': 'Cyklen har allerede en registrering.',
  'errors.frame_number_locked': 'Stelnummeret kan ikke ændres efter et ejerskifte.',
  'errors.file_too_large': 'Filen er for stor (højst {maximum} MB).',
  'errors.unsupported_file_type': 'Filtypen understøttes ikke. Brug JPEG, PNG, WebP eller PDF.',
  'errors.too_many_files': 'Cyklen har nået det højeste antal filer. Slet nogle først.',
  'errors.image_unreadable': 'Billedet kunne ikke læses. Prøv et andet billede.',

  'errors.idempotency_key_reused': 'Denne Idempotency-Key er allerede brugt til en anden forespørgsel.',
  'errors.idempotency_key_in_progress':
    'Den samme forespørgsel behandles allerede. Vent et øjeblik, og prøv igen.',
  'errors.bike_not_transferable':
    'Cyklen kan ikke overdrages. Den skal have både stelnummer og oblat, og den må ikke være meldt stjålet.',
  'errors.transfer_pending': 'Der venter allerede en overdragelse af denne cykel. Annullér den først.',
  'errors.transfer_not_pending':
    'Overdragelsen er ikke længere åben. Den er allerede accepteret, afvist, annulleret eller udløbet.',
  'errors.request_exists': 'Du har allerede bedt om at overtage denne cykel. Fortsæt i chatten.',
  'errors.request_not_open': 'Anmodningen er ikke længere åben.',
  'errors.own_bike': 'Du ejer allerede denne cykel.',
  'errors.certificate_bike_private':
    'En køber kan ikke finde en privat cykel. Gør den søgbar eller synlig for at lave et salgscertifikat.',
  'errors.certificate_bike_stolen': 'En cykel, der er meldt stjålet, kan ikke få et salgscertifikat.',
  'errors.verification_incomplete':
    'Udfyld begge trin, før du sender: billede af stelnummeret og dokumentation for ejerskab.',
  'errors.verification_not_editable': 'Verificeringen er sendt til behandling og kan ikke ændres nu.',
  'errors.transfer_email_mismatch':
    'Overdragelsen blev sendt til en anden e-mailadresse. Log ind med den adresse, tilbuddet blev sendt til.',
  'errors.bike_already_stolen': 'Cyklen er allerede meldt stjålet.',
  'errors.bike_not_stolen': 'Cyklen er ikke meldt stjålet.',
  'errors.pickup_not_waiting': 'Cyklen venter ikke længere på at blive hentet.',
  'errors.contact_link_invalid':
    'Linket til at sende din besked virker ikke længere: det er forkert eller mere end 24 timer gammelt. Skriv din besked til ejeren igen.',
  'errors.contact_already_sent': 'Beskeden er allerede sendt til ejeren.',
  'errors.product_unavailable': 'Produktet kan ikke købes lige nu. Opdater siden og vælg igen.',
  'errors.one_subscription_per_order': 'Der kan kun være ét abonnement i en ordre.',
  'errors.shipping_address_required': 'Skriv adressen, oblaterne skal sendes til.',
  'errors.bike_service_unavailable': 'Det kan ikke længere købes til denne cykel.',
  'errors.voucher_invalid':
    'Koden er ikke gyldig her. Tjek at den er skrevet rigtigt, og at den ikke er udløbet eller brugt. En rabatkode bruges i kurven ved betaling.',
  'errors.voucher_already_redeemed': 'Du har allerede brugt denne kode.',
  'errors.voucher_not_applicable': 'Koden kan ikke bruges her. En rabatkode bruges i kurven ved betaling.',
  'errors.voucher_expiry_in_past': 'Udløbsdatoen skal ligge i fremtiden.',
  'errors.order_not_payable': 'Ordren kan ikke længere betales.',
  'errors.webhook_signature_invalid': 'Beskeden fra betalingstjenesten kunne ikke bekræftes.',
  'errors.order_not_refundable': 'Ordren kan ikke refunderes.',
  'errors.shipment_step_invalid': 'Forsendelsen kan ikke flyttes til det trin nu.',
  'errors.sticker_not_voidable': 'Koden kan ikke annulleres: den er allerede i brug eller annulleret.',
  'errors.pre_registered_policy':
    'Du er allerede kunde hos forsikringsselskabet. Bekræft din indboforsikring i stedet for at købe.',
  'errors.policy_not_editable': 'Policen kan ikke ændres længere.',
  'errors.lock_test_open': 'Policen har allerede en låsetest, der venter. Afgør den, før I spørger igen.',
  'errors.lock_test_not_answerable':
    'Forsikringsselskabet har allerede afgjort låsetesten, så svaret kan ikke længere ændres.',
  'errors.lock_test_not_decidable': 'Kun en besvaret låsetest kan godkendes eller afvises.',
  'errors.plate_order_not_open': 'Oblatbestillingen er allerede sendt eller annulleret.',
  'errors.possession_not_editable': 'Dokumentationen er sendt til kontrol og kan ikke ændres nu.',
  'errors.possession_incomplete':
    'Der mangler stadig noget, før du kan sende: se listen over det, der mangler.',
  'errors.verification_steps_open': 'Alle kontroltrin skal være bekræftet, før cyklen kan godkendes.',
  'errors.policy_decision_invalid': 'Policen er ikke i en tilstand, hvor det kan besluttes.',
  'errors.claim_not_payable': 'Cyklen har ingen tyverianmeldelse delt med jer, som kan udbetales.',
  'errors.claim_already_paid': 'Skaden er allerede udbetalt.',
  'errors.account_blocked':
    'Kontoen er spærret af Cykelregisterets support. Kontakt support, hvis du mener, det er en fejl.',
  'errors.organisation_suspended':
    'Organisationen er suspenderet. Ingen kan handle for den, før Cykelregisteret ophæver suspenderingen.',
  'errors.admin_only_organisation_type': 'Kun administratorer kan oprette denne type organisation.',
  'errors.organisation_search_not_allowed':
    'Kun politiet, kommuner og forsikringsselskaber kan søge i registret på denne måde. Skift til den organisation, du arbejder for.',
  'errors.close_serial_search_police_only':
    'Kun politiet og registrets medarbejdere kan søge efter lignende stelnumre. Søg efter det nøjagtige stelnummer i stedet.',
  'errors.owner_contact_police_only':
    'Kun politiet kan se ejerens kontaktoplysninger. Skriv til ejeren gennem registret.',
  'errors.bike_not_registered':
    'Ingen registreret cykel har dette stelnummer eller denne oblat. Registret har ingen ejer at give besked.',
  'errors.pickup_not_due':
    'Ejeren kan stadig hente cyklen. Den kan først frigives efter sidste afhentningsdag.',
  'errors.payment_provider_unavailable':
    'Betalingstjenesten svarer ikke lige nu. Der er ikke trukket penge. Prøv igen om lidt.',
  'errors.payment_provider_rejected':
    'Betalingstjenesten afviste forespørgslen. Prøv igen, eller kontakt os, hvis det bliver ved.',
  'validation.required': 'Feltet skal udfyldes.',
  'validation.invalid_email': 'Indtast en gyldig e-mailadresse.',
  'validation.password_too_short': 'Adgangskoden skal være på mindst {minimum} tegn.',
  'validation.password_too_long': 'Adgangskoden må højst være på {maximum} tegn.',
  'validation.password_too_common': 'Adgangskoden er for almindelig og let at gætte. Vælg en anden.',
  'validation.passwords_do_not_match': 'De to adgangskoder er ikke ens.',
  'validation.must_accept': 'Du skal acceptere for at fortsætte.',
  'validation.invalid_zip_code': 'Indtast et postnummer på 4 cifre.',
  'validation.invalid_phone': 'Indtast et gyldigt telefonnummer.',
  'validation.too_long': 'Må højst være på {maximum} tegn.',
  'validation.invalid_club_membership_number':
    'Ugyldigt NAF-nummer. Medlemsnummeret skal være på 6 til 8 tegn.',
  'validation.confirm_all': 'Bekræft venligst alle punkter.',
  'validation.invalid_value': 'Værdien er ikke gyldig.',
  'validation.invalid_registration_number':
    'Nummeret passer ikke. Et dansk CVR-nummer har 8 cifre og et norsk organisationsnummer 9, og det sidste ciffer er et kontrolciffer – tjek for en tastefejl.',
  'validation.identifier_too_short':
    'Skal være på mindst 5 tegn (mellemrum og bindestreger tæller ikke med).',
  'validation.invalid_characters': 'Må kun indeholde bogstaver og tal.',
  'validation.identifier_not_latin':
    'Brug kun bogstaverne A–Z, Æ, Ø, Å og tallene 0–9 (bogstaver fra andre alfabeter, fx kyrilliske eller græske, og bogstaver med accent kan ikke indgå i nummeret).',
  'validation.frame_or_plate_required': 'Angiv stelnummer eller oblat-ID – gerne begge.',
  'validation.invalid_date': 'Angiv en gyldig dato.',
  'validation.date_not_in_past': 'Vælg venligst en dato i fortiden.',
  'validation.invalid_production_year': 'Angiv et gyldigt produktionsår (fx 2021).',
  'validation.invalid_price': 'Angiv prisen i hele kroner.',
  'validation.plate_id_invalid': 'Oblat-ID {plate_id} er ikke gyldigt. Tjek koden på oblaten.',
  'validation.plate_id_in_use': 'Oblaten {plate_id} er allerede registreret.',
  'validation.plate_id_other_equipment': 'Denne oblat tilhører andet udstyr.',
  'validation.frame_number_in_use':
    'Stelnummeret er allerede registreret. Kontakt support, hvis cyklen er din.',
  'validation.frame_number_and_plate_id_invalid': 'Stelnummer og oblat-ID er ikke gyldige.',
  'validation.emails_do_not_match': 'De to e-mailadresser skal være ens.',
  'validation.transfer_to_self': 'Du kan ikke overdrage en cykel til dig selv.',
  'validation.frame_number_mismatch': 'Stelnummeret passer ikke til cyklens stelnummer.',
  'validation.file_not_found': 'Filen findes ikke på cyklen. Upload den igen.',
  'validation.missing': 'Udfyld dette, før du sender anmeldelsen.',
  'validation.national_id_not_collected':
    'Registret tager ikke imod CPR- eller fødselsnumre. Du anmelder selv tyveriet til politiet på politi.dk eller politiet.no.',
  'validation.invalid_unit_number': 'Skriv bolignummeret som et bogstav og fire cifre, fx H0101.',
  'validation.noted_before_last_seen': 'Du kan ikke have opdaget tyveriet, før du sidst så cyklen.',
  'validation.date_not_in_future': 'Vælg i dag eller en dato i fremtiden.',
  'validation.date_too_far_ahead': 'Vælg en dato inden for et halvt år.',
  'validation.invalid_cpr':
    'CPR-nummeret skal have 10 cifre: fødselsdatoen (DDMMÅÅ) og fire cifre, skrevet DDMMÅÅ-XXXX.',
  'validation.invalid_cpr_date':
    'Fødselsdatoen i CPR-nummeret findes ikke. Tjek de første seks cifre (DDMMÅÅ).',
  'validation.invalid_fodselsnummer':
    'Et norsk fødselsnummer skal have 11 cifre: fødselsdatoen (DDMMÅÅ) og fem cifre. Et D-nummer skrives på samme måde.',
  'validation.invalid_fodselsnummer_date':
    'Fødselsdatoen i fødselsnummeret findes ikke. Tjek de første seks cifre (DDMMÅÅ).',
  'validation.invalid_fodselsnummer_check_digits':
    'Nummeret passer ikke. De to sidste cifre er kontrolcifre – tjek for en tastefejl.',
  'validation.invalid_bank_registration_number': 'Registreringsnummeret skal være fire cifre.',
  'validation.invalid_bank_account_number':
    'Skriv kontonummeret med højst 10 cifre, uden registreringsnummeret.',
  'validation.invalid_norwegian_account_number': 'Et norsk kontonummer har 11 cifre, skrevet XXXX.XX.XXXXX.',
  'validation.invalid_norwegian_account_check_digit':
    'Kontonummeret passer ikke. Det sidste ciffer er et kontrolciffer – tjek for en tastefejl.',
  'validation.invalid_number_of_bikes': 'Vælg mellem 1 og 10 cykler.',
  'validation.insured_bikes_exceed_number': 'Der er flere cykler på policen end antallet af cykler.',
  'validation.insurer_unknown': 'Forsikringsselskabet findes ikke.',
  'validation.coverage_not_offered': 'Forsikringsselskabet tilbyder ikke den dækning.',
  'validation.lock_test_policy_unknown': 'Der er ingen åben police med det nummer hos jeres selskab.',
  'validation.lock_test_holder_mismatch': 'Det er ikke forsikringstagerens e-mailadresse.',
  'validation.lock_approval_not_accepted':
    'Den godkendelse gælder ikke i forsikringsselskabets land (Varefakta i Danmark, FG i Norge).',
  'validation.bike_not_on_policy': 'Vælg en af cyklerne på policen.',
  'validation.lock_test_picture_not_of_bike': 'Vælg billeder, du har lagt op af denne cykel.',
  'validation.bike_not_owned': 'Cyklen er ikke registreret på dig.',
  'validation.bike_already_insured': 'Cyklen er allerede på en police.',
  'validation.upload_kind_mismatch': 'Filen er ikke den slags, som dette felt beder om.',
  'validation.insurer_policy_number_in_use': 'I har allerede givet en anden police dette policenummer.',
  'validation.csv_header_invalid':
    'Første linje skal navngive kolonnerne insurer_policy_id, holder_email og holder_name.',
  'validation.csv_too_many_rows': 'Filen har for mange rækker (højst 5.000).',
  'validation.invalid_period': 'Vælg en periode, hvor starten ikke ligger efter slutningen, på højst fem år.',
  'validation.duplicate_value': 'Værdien står allerede på en tidligere linje.',
  'validation.invalid_price_bands':
    'Giv prisintervallerne stigende øvre grænser; kun det sidste interval har ingen øvre grænse.',
  'validation.invalid_type': 'Værdien har en forkert type.',
  'validation.too_short': 'Skal være på mindst {minimum} tegn.',
  'validation.too_small': 'Skal være mindst {minimum}.',
  'validation.too_big': 'Må højst være {maximum}.',
  'validation.invalid_format': 'Formatet er ikke gyldigt.',
  'validation.unrecognized_key': 'Feltet er ikke tilladt.',
  'validation.invalid_json': 'Indholdet er ikke gyldig JSON.',

  'mail.link_hint': 'Virker knappen ikke? Kopiér denne adresse ind i din browser:',
  'mail.footer': 'Denne e-mail er sendt automatisk af Cykelregistret. Svar på den bliver ikke læst.',

  // chats: the e-mail about unread messages
  'mail.chats.greeting': 'Hej,',
  'mail.chats.signature': 'Venlig hilsen\nCykelregistret',
  'mail.chats.subject': 'Du har ulæste beskeder',
  'mail.chats.intro_one': 'Du har 1 ulæst besked i Cykelregistret.',
  'mail.chats.intro_other': 'Du har {count} ulæste beskeder i Cykelregistret.',
  'mail.chats.privacy':
    'Af hensyn til dit privatliv står beskederne og afsenderne ikke i denne mail. Log ind for at læse og svare på dem.',
  'mail.chats.line_one': '{subject}: 1 ulæst besked – {link}',
  'mail.chats.line_other': '{subject}: {count} ulæste beskeder – {link}',
  'mail.chats.subject_bike': 'En samtale om en cykel',
  'mail.chats.subject_bike_brand': 'En samtale om {brand}-cyklen',
  'mail.chats.subject_transfer': 'Et ejerskifte',
  'mail.chats.subject_transfer_brand': 'En overdragelse af {brand}-cyklen',
  'mail.chats.subject_request': 'En anmodning om ejerskab',
  'mail.chats.subject_request_brand': 'En anmodning om {brand}-cyklen',
  'mail.chats.action_one': 'Åbn samtalen',
  'mail.chats.action_other': 'Åbn mine beskeder',
  'mail.chats.footer':
    'Vi sender denne mail, når beskeder venter ulæste på dig, mens du ikke bruger Cykelregistret.',

  // chats: mailen til en gæst (skrev uden konto), når ejeren svarer
  'mail.chats.guest_subject': 'Cyklens ejer har svaret dig',
  'mail.chats.guest_intro':
    'Du skrev til ejeren af en cykel, der er meldt stjålet i Cykelregistret, og ejeren har svaret.',
  'mail.chats.guest_how':
    'Log ind eller opret en konto med denne e-mailadresse ({email}) og bekræft den for at læse svaret og skrive tilbage. Samtalen venter så på dig under Beskeder.',
  'mail.chats.guest_privacy':
    'Af hensyn til dit privatliv står hverken svaret eller ejerens navn i denne mail. Ejeren kan ikke se din e-mailadresse.',
  'mail.chats.guest_action': 'Læs svaret',
  'mail.chats.guest_footer': 'Har du ikke skrevet til en cykelejer, kan du se bort fra denne mail.',

  // finds: bekræftelsen, en besøgendes besked venter på (sendt til den adresse, de gav)
  'mail.contact_owner.subject': 'Bekræft din besked til cykelejeren',
  'mail.contact_owner.intro':
    'Du har skrevet til ejeren af en cykel, der er meldt stjålet i Cykelregistret: {bike}. Bekræft for at sende din besked til ejeren.',
  'mail.contact_owner.intro_plain':
    'Du har skrevet til ejeren af en cykel, der er meldt stjålet i Cykelregistret. Bekræft for at sende din besked til ejeren.',
  'mail.contact_owner.answers':
    'Når ejeren svarer, giver vi dig besked på denne adresse. Ejeren ser aldrig din e-mailadresse.',
  'mail.contact_owner.action': 'Send min besked til ejeren',
  'mail.contact_owner.footer':
    'Linket virker i {hours} timer. Har du ikke skrevet til en cykelejer, kan du se bort fra denne mail: så bliver intet sendt, og beskeden slettes.',

  // finds: cykler, som en finder eller en organisation opbevarer for ejeren
  'mail.finds.greeting': 'Hej,',
  'mail.finds.signature': 'Venlig hilsen\nCykelregistret',
  'mail.plate_order.received.subject': 'Din bestilling af {quantity} oblater',
  'mail.plate_order.received.intro':
    'Vi har modtaget din bestilling af {quantity} oblater fra din mail "{mailSubject}".',
  'mail.plate_order.received.delivery': 'Vi sender dem inden for {min}–{max} hverdage.',
  'mail.plate_order.received.cancel':
    'Var mailen ikke ment som en bestilling, eller er antallet forkert, så annullér bestillingen under Oblatbestillinger i jeres forsikringsadministration, før vi sender den.',
  'mail.plate_order.unreadable.subject': 'Vi kunne ikke læse din oblatbestilling',
  'mail.plate_order.unreadable.intro':
    'Vi kunne ikke se, hvor mange oblater din mail "{mailSubject}" bestiller, så der er ikke bestilt nogen oblater.',
  'mail.plate_order.unreadable.how':
    'Skriv antallet i emnet eller teksten, for eksempel "Antal: 200". Én mail bestiller mellem 1 og {maximum} oblater.',
  'mail.plate_order.sent.subject': 'Dine {quantity} oblater er på vej',
  'mail.plate_order.sent.intro': 'Vi har sendt de {quantity} oblater, du bestilte.',
  'mail.plate_order.action': 'Åbn forsikringsadministrationen',
  'mail.lock_test.requested.subject': '{insurer} beder dig vise din cykellås',
  'mail.lock_test.requested.intro':
    '{insurer}, hvor din cykel er forsikret, beder dig vise, at din cykel er låst med en godkendt lås.',
  'mail.lock_test.requested.what':
    'Hav låsebeviset ved hånden (kortet eller papiret, der fulgte med låsen, stemplet af butikken): du skal skrive godkendelsesnummeret, nøglenummeret og stelnummeret, der står på det.',
  'mail.lock_test.requested.action': 'Besvar låsetesten',
  'mail.lock_test.approved.subject': '{insurer} har godkendt din cykellås',
  'mail.lock_test.approved.intro': '{insurer} har godkendt den lås, du viste. Du skal ikke gøre mere.',
  'mail.lock_test.rejected.subject': '{insurer} kunne ikke godkende din cykellås',
  'mail.lock_test.rejected.intro': '{insurer} kunne ikke godkende den lås, du viste.',
  'mail.lock_test.rejected.reason': 'Begrundelse: {reason}',
  'mail.lock_test.rejected.next':
    'Har du spørgsmål om, hvad det betyder for din forsikring, så kontakt {insurer}.',
  'mail.lock_test.action': 'Se låsetesten',
  'mail.finds.pickup_registered.subject': 'Din cykel venter på at blive hentet',
  'mail.finds.pickup_registered.intro':
    '{holder} har din cykel {bike} og opbevarer den for dig. Du kan hente den her: {place} – senest {until}.',
  'mail.finds.pickup_registered.note': 'Besked fra {holder}: {note}',
  'mail.finds.pickup_registered.chat':
    'Du kan skrive til dem i chatten på din konto. De ser hverken dit navn eller din e-mailadresse, medmindre du skriver.',
  'mail.finds.pickup_registered.action': 'Se cykler, der venter på mig',
  'mail.finds.pickup_cancelled.subject': 'Din cykel opbevares ikke længere til dig',
  'mail.finds.pickup_cancelled.intro':
    '{holder} opbevarer ikke længere din cykel {bike}, så du kan hente den. Skriv til dem i chatten, hvis du har spørgsmål.',
  'mail.finds.pickup_cancelled.action': 'Åbn chatten',
  'mail.finds.pickup_registered.stolen':
    'Cyklen er meldt stjålet, og din tyverianmeldelse er knyttet til den. Når du har den igen, så meld den fundet i registret.',
  'mail.finds.pickup_released.subject': 'Din cykel er ikke blevet hentet og er frigivet',
  'mail.finds.pickup_released.intro':
    '{holder} opbevarede din cykel {bike} til og med {until}. Den blev ikke hentet og er nu frigivet til genbrug eller auktion. Registret gemmer historikken.',
  'mail.finds.pickup_released.action': 'Åbn chatten',
  'mail.finds.someone': 'En finder',
  'mail.found_match.subject': 'En cykel som din er måske fundet',
  'mail.found_match.intro_taken_in_by': 'En cykel som din {bike} blev indleveret hos {holder} den {date}.',
  'mail.found_match.intro_left_in_dock_by':
    'En cykel som din {bike} stod for længe i en dock og blev indleveret hos {holder} den {date}.',
  'mail.found_match.intro_reported_found_by':
    'En cykel som din {bike} blev meldt fundet til {holder} den {date}.',
  'mail.found_match.intro_reported_found': 'En cykel som din {bike} blev meldt fundet den {date}.',
  'mail.found_match.claim':
    'Dens stelnummer eller mærkat er det samme som på din cykel, eller næsten det samme. Er den din, så gør krav på den: du skriver til den, der har den, i chatten på din konto, og de ser hverken dit navn eller din e-mailadresse, medmindre du skriver det.',
  'mail.found_match.action': 'Se den og gør krav på den',

  // ownership mails (transfers, requests, verification)
  'mail.ownership.greeting': 'Hej,',
  'mail.ownership.signature': 'Venlig hilsen\nCykelregistret',
  'mail.ownership.someone': 'En bruger af Cykelregistret',
  'mail.ownership.the_owner': 'Ejeren',
  'mail.ownership.offer.subject': '{sender} vil give dig en cykel',
  'mail.ownership.offer.intro':
    '{sender} tilbyder dig cyklen {bike} i Cykelregistret. Når du tager imod den, bliver cyklen registreret på dig.',
  'mail.ownership.offer.account': 'Åbn linket for at se tilbuddet og tage imod det eller afvise det.',
  'mail.ownership.offer.no_account':
    'Du har endnu ingen profil med {email}. Linket åbner log-ind-siden, som fortæller, at en cykel venter på dig: vælg at oprette en profil med denne samme e-mailadresse, så kommer du bagefter direkte til tilbuddet.',
  'mail.ownership.offer.action': 'Se tilbuddet',
  'mail.ownership.offer.footer':
    'Tilbuddet gælder i {days} dage. Hvis du ikke forventede det, kan du se bort fra denne mail: der sker ingenting, medmindre du tager imod det.',
  'mail.ownership.accepted.subject': 'Din cykel har fået en ny ejer',
  'mail.ownership.accepted.intro':
    'Modtageren har taget imod din overdragelse af cyklen {bike}. Den er nu registreret på modtageren og vises ikke længere under dine cykler.',
  'mail.ownership.accepted.credit':
    'Den registrering, cyklen brugte, er ledig igen: du kan bruge den til en anden cykel.',
  'mail.ownership.accepted.action': 'Se mine cykler',
  'mail.ownership.request.subject': 'Nogen beder om at overtage din cykel',
  'mail.ownership.request.intro':
    'Nogen har fundet din cykel {bike} i registret og beder dig overdrage den til dem.',
  'mail.ownership.request.anonymous':
    'Læs beskeden og svar i chatten. De ser ikke dit navn, medmindre du skriver til dem.',
  'mail.ownership.request.action': 'Åbn chatten',
  'mail.ownership.verification_approved.subject': 'Din cykel er ejerverificeret',
  'mail.ownership.verification_approved.intro':
    'Vi har kontrolleret din dokumentation: cyklen {bike} er nu markeret som ejerverificeret.',
  'mail.ownership.verification_rejected.subject': 'Din ejerverificering blev ikke godkendt',
  'mail.ownership.verification_rejected.intro':
    'Vi kunne ikke godkende ejerverificeringen af cyklen {bike}. Begrundelse: {reason}',
  'mail.ownership.verification_rejected.again': 'Du kan rette trinnene og sende den igen.',
  'mail.ownership.verification.action': 'Åbn verificeringen',

  // insurance: our staff's check of an insured bike (issue 16 §5)
  'mail.insurance.greeting': 'Hej,',
  'mail.insurance.signature': 'Venlig hilsen\nCykelregistret',
  'mail.insurance.verified.subject': 'Din cykel er godkendt til forsikringen',
  'mail.insurance.verified.intro':
    'Vi har kontrolleret din dokumentation for cyklen {bike} på din police hos {insurer}. Cyklen er nu godkendt.',
  'mail.insurance.rejected.subject': 'Vi mangler noget for at godkende din cykel',
  'mail.insurance.rejected.intro':
    'Vi kunne ikke godkende dokumentationen for cyklen {bike} på din police hos {insurer}. Begrundelse: {reason}',
  'mail.insurance.rejected.again': 'Ret det, vi beder om, og send dokumentationen igen.',
  'mail.insurance.action': 'Åbn din forsikring',

  // insurance: a bike the insurer paid out for is found (issue 16 §4)
  'mail.insurance.found_after_payout.subject': 'En cykel, I har udbetalt erstatning for, er fundet',
  'mail.insurance.found_after_payout.message':
    'Nogen har skrevet til {insurer} om cyklen {bike}. Registreringen gik over til {insurer}, da I udbetalte erstatningen, så beskeden ligger i jeres organisations chats.',
  'mail.insurance.found_after_payout.pickup':
    'Nogen opbevarer cyklen {bike}, så {insurer} kan hente den. Registreringen gik over til {insurer}, da I udbetalte erstatningen; hvor og hvornår den kan hentes, står i jeres organisations chats.',
  'mail.insurance.found_after_payout.action': 'Åbn chats',

  // theft reports: the confirmation mail and the PDF of a report
  'mail.theft.greeting': 'Hej,',
  'mail.theft.signature': 'Venlig hilsen\nCykelregistret',
  'mail.theft.submitted.subject': 'Din cykel er meldt stjålet',
  'mail.theft.submitted.intro':
    'Vi har modtaget din anmeldelse af tyveriet af cyklen {bike}. Cyklen står nu som stjålet i registret: Den, der scanner cyklens oblat eller søger på stelnummeret, ser det og kan kontakte dig uden at se dit navn eller din e-mailadresse.',
  'mail.theft.submitted.map':
    'På det offentlige kort over stjålne cykler vises den et omtrentligt sted – aldrig på den præcise adresse.',
  'mail.theft.submitted.pdf':
    'Registret sender ikke anmeldelsen til politiet. Anmeld tyveriet til politiet på politi.dk (i Norge politiet.no) – på anmeldelsens side står de oplysninger, politiets formular spørger om, klar til at kopiere, og du kan hente anmeldelsen som PDF til dit forsikringsselskab. Får du cyklen tilbage, så meld den fundet i registret.',
  'mail.theft.submitted.action': 'Åbn tyverianmeldelsen',

  // the insurer's admin (issue 16 §4): mails about its decisions, its report as a PDF
  'mail.insurer_decision.greeting': 'Hej,',
  'mail.insurer_decision.signature': 'Venlig hilsen\nCykelregistret',
  'mail.insurer_decision.accepted.subject': 'Din cykelforsikring hos {insurer} er aktiv',
  'mail.insurer_decision.accepted.intro':
    '{insurer} har godkendt din ansøgning. Dit policenummer er {number}.',
  'mail.insurer_decision.rejected.subject': '{insurer} har afvist din ansøgning',
  'mail.insurer_decision.rejected.intro': '{insurer} har afvist din ansøgning om cykelforsikring.',
  'mail.insurer_decision.cancelled.subject': '{insurer} har opsagt din cykelforsikring',
  'mail.insurer_decision.cancelled.intro':
    '{insurer} har opsagt din police {number}. Dine cykler er ikke længere forsikret gennem den.',
  'mail.insurer_decision.reason': 'Begrundelsen: {reason}',
  'mail.insurer_decision.questions': 'Har du spørgsmål, så kontakt {insurer}.',
  'mail.insurer_decision.action': 'Se din forsikring',
  'pdf.insurer_report.register': 'Cykelregistret',
  'pdf.insurer_report.title': 'Forsikringsrapport',
  'pdf.insurer_report.period': 'Periode: {from} – {to}',
  'pdf.insurer_report.made': 'Lavet {date}',
  'pdf.insurer_report.summary': 'Overblik',
  'pdf.insurer_report.per_month': 'Tyverier og udbetalinger pr. måned',
  'pdf.insurer_report.month': 'Måned',
  'pdf.insurer_report.thefts': 'Tyverier',
  'pdf.insurer_report.found': 'Fundet igen',
  'pdf.insurer_report.payouts': 'Udbetalinger',
  'pdf.insurer_report.amount': 'Udbetalt ({currency})',
  'pdf.insurer_report.recovery_rate': 'Genfindingsrate (fundet / stjålet)',
  'pdf.insurer_report.not_applicable': 'ingen stjålet',
  'pdf.insurer_report.places': 'Tyverier pr. by',
  'pdf.insurer_report.place': 'By (postby)',
  'pdf.insurer_report.unknown_place': 'Sted ikke oplyst',
  'pdf.insurer_report.places_note':
    'Stedet er postbyen i anmeldelsens adresse for tyveriet, ellers anmelderens egen by; registret kender ikke kommuner.',
  'pdf.insurer_report.backlog': 'Verificeringskø (forsikrede cykler på åbne policer, i dag)',
  'pdf.insurer_report.status': 'Status',
  'pdf.insurer_report.bikes': 'Cykler',
  'pdf.insurer_report.none': 'Ingen i perioden.',
  'pdf.insurer_report.consent_note':
    'Kun tyverianmeldelser, som ejerne har givet lov til at dele med jer, er talt med.',
  'pdf.insurer_report.status.needs_uploads': 'Venter på forsikringstagerens uploads',
  'pdf.insurer_report.status.pending': 'Venter på vores kontrol',
  'pdf.insurer_report.status.verified': 'Verificeret',
  'pdf.insurer_report.status.rejected': 'Afvist',
  'pdf.insurer_report.page': 'Side {page} af {pages}',
  'receipt.title.dk': 'Kvittering (forenklet faktura)',
  'receipt.title.no': 'Kvittering (salgsdokument)',
  'receipt.number': 'Kvitteringsnummer',
  'receipt.date': 'Dato',
  'receipt.order': 'Ordre',
  'receipt.seller': 'Sælger',
  'receipt.vat_number.dk': 'CVR-nr. {number}',
  'receipt.vat_number.no': 'Org.nr. {number} MVA',
  'receipt.buyer': 'Køber',
  'receipt.quantity': 'Antal',
  'receipt.description': 'Beskrivelse',
  'receipt.unit_price': 'Stykpris',
  'receipt.amount': 'Beløb',
  'receipt.discount': 'Rabat',
  'receipt.total': 'I alt inkl. moms',
  'receipt.vat': 'Moms {rate} % af {base}',
  'receipt.currency': 'Valuta',
  'receipt.payment_method': 'Betalt med',
  'receipt.method.reepay': 'Betalingskort',
  'receipt.method.voucher': 'Værdikode',
  'receipt.method.insurance': 'Indgår i forsikringen',
  'receipt.no_fees': 'Der er ikke opkrævet kortgebyr.',
  'receipt.withdrawal':
    'Du har 14 dages fortrydelsesret fra købsdagen (for varer fra den dag, du modtager dem). Skriv til os i supportchatten, hvis du vil fortryde.',
  'receipt.withdrawal_consent':
    'Du bad om, at registreringen blev taget i brug med det samme, og anerkendte, at din fortrydelsesret for den ophører, når den er taget i brug.',
  'receipt.delivery': 'Oblater leveres inden for {min}–{max} hverdage.',
  'receipt.refunded': 'Refunderet: {amount} ({date})',
  'mail.receipt.subject': 'Din kvittering {number} fra Cykelregistret',
  'mail.receipt.intro': 'Tak for din ordre. Vi har modtaget din betaling, og her er din kvittering.',
  'mail.receipt.pdf': 'Dine ordrer og denne kvittering som PDF finder du på din side:',
  'mail.receipt.action': 'Se dine ordrer',
  'mail.refund.subject': 'Refundering af din ordre {number}',
  'mail.refund.intro':
    'Vi har refunderet {amount} for din ordre {number} til det kort, du betalte med. Der kan gå nogle bankdage, før beløbet står på din konto.',
  'mail.refund.credits_withdrawn': 'Registreringer fra ordren, som ikke var brugt, er trukket tilbage.',
  'mail.refund.credits_kept': 'En registrering, der allerede er brugt på en cykel, bliver stående.',
  'mail.referral.granted.subject': 'Du har fået en gratis registrering',
  'mail.referral.granted.intro':
    '{name} har oprettet sig med din invitation og har købt en registrering. Tak for tippet: Der ligger nu en gratis registrering på din konto, klar til en cykel.',
  'mail.referral.taken_back.subject': 'Din gratis registrering fra en invitation er trukket tilbage',
  'mail.referral.taken_back.intro':
    'Købet fra {name}, der oprettede sig med din invitation, er refunderet. Den gratis registrering, du fik for det, var ikke brugt, så den er trukket tilbage.',
  'mail.referral.someone': 'En person',
  'mail.referral.action': 'Se dine invitationer',
  'mail.shipment.subject': 'Dine oblater er sendt (ordre {number})',
  'mail.shipment.intro':
    'Vi har sendt oblaterne fra din ordre {number}. De er normalt fremme inden for et par hverdage.',
  'mail.shipment.tracking': 'Sporingsnummer: {tracking_number}',
  'pdf.certificate.title': 'Salgscertifikat',
  'pdf.certificate.intro':
    'Cyklens historik i Cykelregistret, underskrevet af registret. Ingen navne. Scan QR-koden for at se, om certifikatet er ægte og stadig gælder.',
  'pdf.certificate.certificate_id': 'Certifikat-ID',
  'pdf.certificate.issued_at': 'Udstedt',
  'pdf.certificate.frame_number': 'Stelnummer (delvist skjult)',
  'pdf.certificate.registered_since': 'Registreret siden',
  'pdf.certificate.owners': 'Antal ejere',
  'pdf.certificate.thefts': 'Tyverier',
  'pdf.certificate.no_thefts': 'Aldrig meldt stjålet',
  'pdf.certificate.theft_open': 'Meldt stjålet {stolen}',
  'pdf.certificate.theft_recovered': 'Meldt stjålet {stolen}, fundet {recovered}',
  'pdf.certificate.identity_verified': 'Ejerens identitet bekræftet (MitID/BankID)',
  'pdf.certificate.check_title': 'Tjek før du køber',
  'pdf.certificate.check_text':
    'Åbn adressen eller scan QR-koden: siden viser, om cyklen er meldt stjålet eller har skiftet ejer siden certifikatet blev udstedt.',
  'pdf.certificate.signature':
    'Ed25519-signatur (nøgle {kid}, offentliggjort på /.well-known/nbr-certificate-keys.json):',
  'pdf.certificate.printed_at': 'Udskrevet {date}',
  'pdf.certificate.status_stolen': 'ADVARSEL: Cyklen er meldt stjålet.',
  'pdf.certificate.status_superseded':
    'Certifikatet gælder ikke længere: cyklen har skiftet ejer eller historik siden.',
  'pdf.certificate.status_revoked': 'Certifikatet er trukket tilbage af ejeren.',
  'pdf.certificate.status_bike_deleted': 'Cyklen er ikke længere i registret.',
  'pdf.certificate.status_current': 'Certifikatet gælder.',
  'pdf.theft.register': 'Cykelregistret',
  'pdf.theft.title': 'Tyverianmeldelse',
  'pdf.theft.intro':
    'Ejeren har meldt denne cykel stjålet i registret. Dokumentet er ejerens kopi af anmeldelsen i registret, til brug over for politi og forsikringsselskab.',
  'pdf.theft.report_id': 'Anmeldelses-ID',
  'pdf.theft.submitted_at': 'Anmeldt',
  'pdf.theft.status': 'Status',
  'pdf.theft.status_submitted': 'Meldt stjålet',
  'pdf.theft.status_found': 'Fundet (meldt {date})',
  'pdf.theft.printed_at': 'Udskrevet {date}',
  'pdf.theft.page': 'Side {page} af {pages}',
  'pdf.theft.section_owner': 'Ejer',
  'pdf.theft.name': 'Navn',
  'pdf.theft.email': 'E-mail',
  'pdf.theft.address': 'Adresse',
  'pdf.theft.mobile': 'Mobil',
  'pdf.theft.telephone': 'Anden telefon',
  'pdf.theft.police_report': 'Ejeren anmelder tyveriet til politiet',
  'pdf.theft.section_bike': 'Cykel',
  'pdf.theft.nickname': 'Cyklens navn',
  'pdf.theft.brand': 'Mærke',
  'pdf.theft.model': 'Model',
  'pdf.theft.frame_number': 'Stelnummer',
  'pdf.theft.plate_id': 'Oblat-ID',
  'pdf.theft.color': 'Farve',
  'pdf.theft.category': 'Kategori',
  'pdf.theft.electric': 'Elcykel',
  'pdf.theft.battery': 'Batteri',
  'pdf.theft.section_insurance': 'Forsikring og værdi',
  'pdf.theft.insured': 'Forsikret',
  'pdf.theft.insurance_company': 'Forsikringsselskab',
  'pdf.theft.price': 'Pris',
  'pdf.theft.section_theft': 'Tyveriet',
  'pdf.theft.lock': 'Lås',
  'pdf.theft.culprit_known': 'Gerningsperson kendt',
  'pdf.theft.culprit_recognizable': 'Gerningsperson genkendelig',
  'pdf.theft.culprit_info': 'Om gerningspersonen',
  'pdf.theft.witness': 'Vidner',
  'pdf.theft.witnesses': 'Om vidnerne',
  'pdf.theft.last_seen': 'Sidst set',
  'pdf.theft.noted': 'Tyveriet opdaget',
  'pdf.theft.place': 'Sted',
  'pdf.theft.coordinates': 'Valgt på kortet',
  'pdf.theft.coordinates_value': '{latitude}, {longitude} (bredde, længde)',
  'pdf.theft.section_acknowledgements': 'Ejerens erklæringer',
  'pdf.theft.ack_payout':
    'Jeg giver selv mit forsikringsselskab besked om tyveriet og om, at jeg får cyklen tilbage.',
  'pdf.theft.ack_data_share': 'Anmeldelsen må deles med mit forsikringsselskab.',
  'pdf.theft.ack_ownership_transfer':
    'Hvis forsikringsselskabet erstatter cyklen, overdrages registreringen af cyklen til selskabet.',
  'pdf.theft.ack_given': 'Bekræftet',
  'pdf.theft.ack_missing': 'Ikke bekræftet',
  'pdf.theft.yes': 'Ja',
  'pdf.theft.no': 'Nej',
  'pdf.theft.lock_locked_to_object': 'Låst fast til noget',
  'pdf.theft.lock_locked': 'Låst, men ikke fast til noget',
  'pdf.theft.lock_unlocked': 'Ikke låst',
  'pdf.theft.battery_removed': 'Taget af af ejeren',
  'pdf.theft.battery_on_bike': 'Sad på cyklen',
  'pdf.theft.battery_integrated': 'Indbygget i stellet',
  'pdf.theft.category_city': 'Bycykel',
  'pdf.theft.category_mountainTour': 'Mountainbike/tourcykel',
  'pdf.theft.category_road': 'Landevejscykel',
  'pdf.theft.category_racer': 'Racercykel',
  'pdf.theft.category_cargo': 'Ladcykel',
  'pdf.theft.category_hybrid': 'Hybridcykel',
  'pdf.theft.category_cruiser': 'Cruisercykel',
  'pdf.theft.category_folding': 'Foldecykel',
  'pdf.theft.category_bmx': 'BMX-cykel',
  'pdf.theft.color_black': 'Sort',
  'pdf.theft.color_gray': 'Grå',
  'pdf.theft.color_blue': 'Blå',
  'pdf.theft.color_green': 'Grøn',
  'pdf.theft.color_white': 'Hvid',
  'pdf.theft.color_red': 'Rød',
  'pdf.theft.color_special': 'Speciel farve',
  'pdf.theft.color_orange': 'Orangefarvet',
  'pdf.theft.color_yellow': 'Gul',
  'pdf.theft.color_brown': 'Brun',
  'pdf.theft.color_purple': 'Lilla',
  'pdf.theft.color_multi': 'Flerfarvet',
  'pdf.theft.color_pink': 'Lyserød',
  'errors.support_link_invalid':
    'Linket til dit spørgsmål til support virker ikke (længere). Skriv til os igen fra support-siden.',
  'mail.support.greeting': 'Hej,',
  'mail.support.signature': 'Venlig hilsen\nSupport, Cykelregistret',
  'mail.support.confirm_subject': 'Bekræft dit spørgsmål til vores support',
  'mail.support.confirm_intro':
    'Du (eller nogen, der skrev din adresse) har skrevet til Cykelregistrets support. Dit spørgsmål når frem til os, når du følger linket herunder, som også fører dig til samtalen.',
  'mail.support.confirm_action': 'Bekræft og åbn samtalen',
  'mail.support.confirm_expiry':
    'Linket virker i {days} dage. Dit spørgsmål slettes, hvis det ikke er bekræftet inden for {hours} timer.',
  'mail.support.confirm_ignore':
    'Har du ikke skrevet til os, kan du se bort fra denne mail: intet bliver sendt.',
  'mail.support.answered_subject': 'Vores support har svaret dig',
  'mail.support.answered_intro':
    'Vores support har svaret på dit spørgsmål. Følg linket for at læse svaret og skrive tilbage.',
  'mail.support.answered_action': 'Læs svaret',
  'errors.plan_for_organisations':
    'Organisationsabonnementet er kun for organisationer. Vælg et personligt abonnement.',
  // Issue 27 probe 8: budgets on the most sensitive reads, and the police's case number.
  'errors.read_budget_reached':
    'Du har brugt dagens kvote for denne slags opslag. Din organisations administrator har fået besked. Du kan igen fra midnat.',
  'validation.invalid_police_case_number':
    'Skriv politiets sagsnummer i politiets egen form: i Danmark journalnummeret, fx 0100-80151-00012-24 (kreds, kode, løbenummer, år); i Norge anmeldelsesnummeret med 8 cifre, fx 14325678.',
  'mail.read_budget.subject': '{person} har brugt dagens kvote af følsomme opslag hos {organisation}',
  'mail.read_budget.national_id':
    '{person} har i dag set {count} forsikringstageres fulde personnummer i Cykelregistret for {organisation}. Det er det højeste antal, en medarbejder må se på én dag.',
  'mail.read_budget.owner_contact':
    '{person} har i dag set {count} cykelejeres kontaktoplysninger i Cykelregistret for {organisation}. Det er det højeste antal, en medarbejder må se på én dag.',
  'mail.read_budget.refused': 'Flere opslag af den slags bliver afvist indtil midnat.',
  'mail.read_budget.check':
    'Hvert opslag er logget med sin begrundelse. Var det ikke forventet, så tal med medarbejderen, og skriv til vores support.',
  'mail.read_budget.action': 'Åbn Cykelregistret',
  'errors.club_member_list_empty':
    'Listen har ingen medlemsnumre. Upload en CSV-fil med ét medlemsnummer (6–8 tegn) i første kolonne på hver linje.',
  'errors.bike_not_found': 'Vælg en af dine egne registrerede cykler.',
  'errors.device_not_found': 'Låseenheden findes ikke i denne dock.',
  'errors.pairing_code_invalid': 'Parringskoden er forkert, brugt eller udløbet. Bed operatøren om en ny.',
  'errors.lock_not_free': 'Låsen er ikke ledig. Vælg en anden lås.',
  'errors.bike_already_parked': 'Cyklen er allerede låst i en dock. Lås den op der først.',
  'errors.lock_out_of_service': 'Låsen er ude af drift. Vælg en anden lås.',
  'errors.dock_closed_now': 'Docken er lukket nu. Se åbningstiderne.',
  'errors.not_your_parking': 'Kun den, der låste cyklen, kan låse den op.',
  'errors.lock_offline': 'Låsen er offline lige nu. Prøv igen senere, eller ring til operatøren.',
  'errors.lock_busy': 'Låsen er i gang med en anden kommando. Prøv igen om et øjeblik.',
  'webshop.club_one_time_registration': 'Registrering i {months} måneder, betalt én gang',
  // Issue 27: a map pick in open water (@nbr/domain/land).
  'validation.place_at_sea': 'Nålen står i havet. Sæt den, hvor cyklen blev stjålet, på land.',
  // Issue 28 (docks).
  'errors.dock_not_found': 'Vi kan ikke finde den dock.',
  'errors.lock_not_found': 'Vi kan ikke finde den lås i denne dock.',
  'errors.parking_not_found': 'Vi kan ikke finde den parkering i denne dock.',
  'errors.dock_closed_down': 'Denne dock er lukket og kan ikke længere ændres.',
  'errors.lock_label_taken': 'En anden lås i denne dock har allerede den betegnelse.',
  'errors.parking_not_left_behind': 'Cyklen har endnu ikke stået længere, end docken tillader.',
  'errors.parking_closed': 'Cyklen er allerede låst op og taget ud af låsen.',
  'errors.parking_handed_over': 'Cyklen er allerede overdraget til opbevaring for ejeren.',
  'errors.held_bikes_not_allowed': 'Kun politiet eller en kommune kan tage cykler ind for deres ejere.',
  // Issue 29 §2 (flows).
  'errors.region_page_not_found': 'Siden findes ikke eller er ikke udgivet.',
  'errors.region_page_taken': 'Regionen har allerede en side med denne adresse. Vælg en anden.',
  'errors.region_page_no_draft': 'Der er intet udkast på dette sprog at udgive. Gem et udkast først.',
  'validation.region_page_path_invalid':
    'Skriv adressen med små bogstaver, tal og bindestreger, fx cykeldag-2027 eller naf/medlem.',
  'errors.flow_not_found': 'Forløbet findes ikke eller er ikke udgivet.',
  'errors.flow_walk_not_found': 'Vi kan ikke finde din gennemgang af forløbet. Start forfra.',
  'errors.flow_walk_finished': 'Du har allerede gennemført forløbet. Start forfra for at svare igen.',
  'errors.flow_step_not_open': 'Dette trin er ikke næste skridt endnu. Svar på de tidligere trin først.',
  'errors.flow_step_has_no_action': 'Dette trin har ingen handling at gennemføre.',
  'errors.flow_step_not_answered': 'Svar på trinnets spørgsmål først.',
  'errors.flow_version_not_found': 'Forløbet har ingen sådan udgivet version.',
  'errors.flow_memo_taken': 'Et andet forløb har allerede denne adresse. Vælg en anden.',
  'errors.flow_memo_reserved': 'Adressen bruges allerede af en side på sitet. Vælg en anden.',
  // Issue 29 §2: a flow definition's problems (checkFlowDefinition), {subject} the step, question or choice.
  'validation.flow_step_memo_repeated': 'To trin har adressen “{subject}”. Giv hvert trin sin egen.',
  'validation.flow_question_id_repeated': 'To spørgsmål har id’et “{subject}”. Giv hvert spørgsmål sit eget.',
  'validation.flow_target_unknown':
    '“{subject}” er ikke et trin i forløbet. Gå til et trin, der findes, eller til slutningen.',
  'validation.flow_loop': 'Forløbet kan køre i ring ved “{subject}”. Hver vej gennem det skal nå slutningen.',
  'validation.flow_step_unreachable': 'Ingen vej gennem forløbet når trinnet “{subject}”.',
  'validation.flow_condition_question_unknown':
    'Betingelsen spørger til “{subject}”, som ikke er et spørgsmål i forløbet.',
  'validation.flow_condition_question_later':
    'Betingelsen spørger til “{subject}”, som først stilles senere.',
  'validation.flow_condition_value_unknown':
    'Betingelsen nævner “{subject}”, som ikke er et af spørgsmålets svar.',
  'validation.flow_choices_missing': 'Valgspørgsmålet “{subject}” mangler sine svarmuligheder.',
  'validation.flow_choices_not_allowed': 'Kun et valgspørgsmål har svarmuligheder; “{subject}” er ikke et.',
  'validation.flow_choice_id_repeated': 'To svarmuligheder har id’et “{subject}”. Giv hver sit eget.',
  'validation.flow_survey_missing':
    'Trinnet “{subject}” slutter med en spørgeskemaundersøgelse, men ingen undersøgelse er valgt. Vælg den.',
  'validation.flow_survey_not_allowed':
    'Trinnet “{subject}” har en undersøgelse, men slutter ikke med at besvare den. Fjern den, eller vælg den handling.',
  // Issue 29 §1 (commuter surveys).
  'errors.survey_not_found': 'Vi kan ikke finde den undersøgelse.',
  'errors.survey_not_open': 'Undersøgelsen er ikke åben for svar.',
  'errors.survey_answer_exists':
    'Du har allerede svaret på denne undersøgelse, mens du var logget ind. Vi har beholdt det svar.',
  'errors.survey_answer_not_found': 'Vi kan ikke finde dit svar. Start gerne forfra.',
  // Issue 32 §1: tjek via API.
  'errors.api_key_required':
    'Denne adresse kræver en organisations API-nøgle (Authorization: Bearer nbr_ck_…), ikke en persons login.',
  'errors.invalid_api_key': 'API-nøglen findes ikke eller er trukket tilbage.',
  'validation.too_many_identifiers': 'Der kan højst tjekkes {maximum} numre ad gangen.',
  'validation.webhook_url_invalid': 'Skriv en fuld adresse, der begynder med https://.',
  'validation.webhook_url_not_allowed':
    'Webhooken skal være en https-adresse på internettet, ikke en lokal eller privat adresse.',
  'errors.webhook_not_set': 'Organisationen har ingen webhook endnu.',
  'errors.webhook_delivery_not_failed': 'Kun en hændelse, der ikke kunne leveres, kan sendes igen.',
  'errors.import_columns_missing': 'Filen har ingen kolonne {columns} i første række.',
  'errors.import_too_many_rows': 'Filen har mere end {maximum} rækker: del den op i flere filer.',
  'errors.import_file_unreadable': 'Filen kunne ikke læses som CSV eller XLSX ({reason}).',
  'errors.import_job_not_startable':
    'Denne import kan ikke startes eller annulleres nu: den er allerede startet eller annulleret.',
  'mail.bulk_import.subject': 'Dine cykler fra {source} er i Cykelregistret',
  'mail.bulk_import.greeting_named': 'Hej {name},',
  'mail.bulk_import.body_one':
    '{source} har flyttet sit register til Cykelregistret. En cykel registreret på denne e-mailadresse venter på dig.',
  'mail.bulk_import.body_many':
    '{source} har flyttet sit register til Cykelregistret. {count} cykler registreret på denne e-mailadresse venter på dig.',
  'mail.bulk_import.how':
    'Opret dig eller log ind med samme adresse ({email}) og bekræft den: så står cyklerne under Mine cykler, hvor du kan anmelde et tyveri, overdrage en cykel og gemme dens papirer.',
  'mail.bulk_import.not_you': 'Er det ikke dine cykler, så se bort fra denne mail; så sker der ingenting.',
  'mail.bulk_import.action': 'Se mine cykler',
};
