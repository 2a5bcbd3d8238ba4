/**
 * Server texts in English, the reference catalogue: every other language must have the same keys.
 * `{name}` placeholders are filled by `translate`.
 */
export const en = {
  'errors.validation_failed': 'Some fields are not filled in correctly.',
  'errors.invalid_token': 'Your session has expired. Please log in again.',
  'errors.not_authenticated': 'You need to log in first.',
  'errors.forbidden': 'You do not have access to this.',
  'errors.not_found': 'Not found.',
  'errors.invalid_credentials': 'Wrong e-mail or password.',
  'errors.password_required': 'Enter your password to delete your account.',
  'errors.wrong_password': 'The password is not correct.',
  'errors.email_in_use': 'This e-mail address is already in use.',
  'errors.password_too_common': 'This password is too common. Please choose another.',
  'errors.password_reset_failed': 'Could not reset the password',
  'errors.email_verification_failed': 'Could not verify the e-mail address. The link may have expired.',
  'errors.session_revoked': 'You have been logged out. Please log in again.',
  'errors.rate_limited': 'Too many attempts. Please try again in a moment.',
  'errors.confirmations_missing': 'Please confirm every point.',
  'errors.conflict': 'The change could not be saved because the data changed meanwhile.',
  'errors.bad_request': 'The request could not be understood.',
  'errors.internal_error': 'Something went wrong on our side. Please try again later.',
  'errors.service_unavailable': 'The service is temporarily unavailable. Please try again later.',
  'errors.storage_full':
    'We cannot save anything right now because our storage is full. Nothing was saved; please try again later.',
  'errors.identity_verification_required': 'Please verify your identity with MitID or BankID first.',
  'errors.identity_verification_failed': 'The identity check was not completed. Please try again.',
  'errors.identity_mismatch':
    'The identity check was made by another person than the one who verified this account.',
  'errors.approval_required': 'This needs your approval with MitID or BankID first.',
  'errors.identity_check_skip_not_allowed': 'The identity check cannot be skipped for this account.',
  'errors.identity_provider_unavailable':
    'The identity service is not answering right now. Please try again in a moment.',
  'errors.not_allowed_while_switched':
    "Staff using another person's account cannot do this. Switch back to your own account first.",
  'errors.cannot_switch_to_user':
    'You cannot switch to this account: staff accounts and your own account are not possible.',
  'errors.google_token_invalid': 'Sign-in with Google failed. Please try again.',
  'errors.google_account_not_found': 'No account uses this Google account yet. Please sign up first.',
  'errors.google_email_not_verified':
    'Google has not confirmed this e-mail address, so it cannot be used to sign in.',
  'errors.google_sign_in_disabled': 'Sign-in with Google is not available here.',
  'errors.google_link_requires_password':
    'An account with this e-mail already exists. Log in with your password.',
  'errors.organisation_exists': 'An organisation with this registration number is already registered.',
  'errors.manufacturer_code_exists': 'That manufacturer code is already in the table; edit it instead.',
  'errors.member_exists': 'This person is already a member of the organisation.',
  'errors.last_admin': 'An organisation needs at least one administrator.',
  'errors.email_verification_required':
    'Please confirm your e-mail address first. Use the link we sent you, or send a new one from your settings.',
  'errors.invitation_invalid':
    'This invitation is no longer valid. Ask the organisation to invite you again.',
  'errors.invitation_email_mismatch':
    'This invitation was sent to {email}. Log in with that address to accept it.',

  'errors.no_subscription': 'There is no subscription linked to the account.',
  'errors.no_free_credit': 'All your registrations are used. Buy an extra registration to add the bike.',
  'errors.credit_in_use': 'This registration is already used on a bike.',
  'errors.bike_has_credit': 'The bike already has a registration.',
  'errors.frame_number_locked': 'The frame number cannot be changed after a change of ownership.',
  'errors.file_too_large': 'The file is too large (at most {maximum} MB).',
  'errors.unsupported_file_type': 'This file type is not supported. Use JPEG, PNG, WebP or PDF.',
  'errors.too_many_files': 'The bike has reached the maximum number of files. Delete some first.',
  'errors.image_unreadable': 'The picture could not be read. Try another picture.',

  'errors.idempotency_key_reused': 'This Idempotency-Key was already used for a different request.',
  'errors.idempotency_key_in_progress':
    'The same request is already being processed. Wait a moment and try again.',
  'errors.bike_not_transferable':
    'This bike cannot be transferred. It needs both a frame number and a plate ID, and it must not be reported stolen.',
  'errors.transfer_pending': 'A transfer of this bike is already waiting. Cancel it first.',
  'errors.transfer_not_pending':
    'This transfer is no longer open. It has already been accepted, rejected, cancelled or has expired.',
  'errors.request_exists': 'You have already asked to take over this bike. Continue in the chat.',
  'errors.request_not_open': 'This request is no longer open.',
  'errors.own_bike': 'You already own this bike.',
  'errors.certificate_bike_private':
    'A buyer cannot find a private bike. Make it searchable or visible to make a resale certificate.',
  'errors.certificate_bike_stolen': 'A bike reported stolen cannot get a resale certificate.',
  'errors.verification_incomplete':
    'Complete both steps before you send: a picture of the frame number and a proof of ownership.',
  'errors.verification_not_editable': 'The verification has been sent for review and cannot be changed now.',
  'errors.transfer_email_mismatch':
    'This offer was sent to another e-mail address. Log in with the address the offer was sent to.',
  'errors.bike_already_stolen': 'This bike is already reported stolen.',
  'errors.bike_not_stolen': 'This bike is not reported stolen.',
  'errors.pickup_not_waiting': 'This bike is no longer waiting to be collected.',
  'errors.contact_link_invalid':
    'This link to send your message no longer works: it is wrong or more than 24 hours old. Please write your message to the owner again.',
  'errors.contact_already_sent': 'This message has already been sent to the owner.',
  'errors.product_unavailable': 'This product cannot be bought right now. Reload the page and choose again.',
  'errors.one_subscription_per_order': 'An order can hold only one subscription.',
  'errors.shipping_address_required': 'Enter the address the plates are to be sent to.',
  'errors.bike_service_unavailable': 'This can no longer be bought for this bike.',
  'errors.voucher_invalid':
    'The code is not valid here. Check that it is typed correctly and has not expired or been used. A discount code is used in the basket at checkout.',
  'errors.voucher_already_redeemed': 'You have already used this code.',
  'errors.voucher_not_applicable':
    'This code cannot be used here. A discount code is used in the basket at checkout.',
  'errors.voucher_expiry_in_past': 'The expiry date must be in the future.',
  'errors.order_not_payable': 'This order can no longer be paid.',
  'errors.webhook_signature_invalid': 'The message from the payment service could not be verified.',
  'errors.order_not_refundable': 'This order cannot be refunded.',
  'errors.shipment_step_invalid': 'The shipment cannot move to that step now.',
  'errors.sticker_not_voidable': 'The code cannot be voided: it is in use or void already.',
  'errors.pre_registered_policy':
    'You are already a customer of this insurer. Confirm your contents insurance instead of buying.',
  'errors.policy_not_editable': 'The policy can no longer be changed.',
  'errors.lock_test_open': 'This policy already has a lock test waiting. Decide it before asking again.',
  'errors.lock_test_not_answerable':
    'The insurer has already decided this lock test, so the answer can no longer be changed.',
  'errors.lock_test_not_decidable': 'Only an answered lock test can be approved or rejected.',
  'errors.plate_order_not_open': 'This plate order has already been sent or cancelled.',
  'errors.possession_not_editable': 'The proof has been sent for checking and cannot be changed now.',
  'errors.possession_incomplete':
    'Something is still missing before you can send: see the list of what is missing.',
  'errors.verification_steps_open': 'Every check must be confirmed before the bike can be approved.',
  'errors.policy_decision_invalid': 'The policy is not in a state for this decision.',
  'errors.claim_not_payable': 'This bike has no theft report shared with you that can be paid.',
  'errors.claim_already_paid': 'This claim has already been paid.',
  'errors.account_blocked':
    "This account has been blocked by the register's support. Contact support if you think this is a mistake.",
  'errors.organisation_suspended':
    'The organisation is suspended. Nobody can act for it until the register lifts the suspension.',
  'errors.admin_only_organisation_type': 'Only administrators may create this type of organisation.',
  'errors.organisation_search_not_allowed':
    'Only the police, municipalities and insurers can search the register this way. Switch to the organisation you work for.',
  'errors.close_serial_search_police_only':
    "Only the police and the register's staff can search for close frame numbers. Search for the exact frame number instead.",
  'errors.owner_contact_police_only':
    "Only the police can see the owner's contact details. Write to the owner through the register.",
  'errors.bike_not_registered':
    'No registered bike has this frame number or plate. The register has no owner to tell.',
  'errors.pickup_not_due':
    'The owner can still collect the bike. It can be released only after the last day to collect it.',
  'errors.payment_provider_unavailable':
    'The payment service is not answering right now. No money has been taken. Please try again in a moment.',
  'errors.payment_provider_rejected':
    'The payment service turned the request down. Please try again, or contact us if it keeps happening.',
  'validation.required': 'This field is required.',
  'validation.invalid_email': 'Enter a valid e-mail address.',
  'validation.password_too_short': 'The password must be at least {minimum} characters.',
  'validation.password_too_long': 'The password can be at most {maximum} characters.',
  'validation.password_too_common': 'This password is too common. Please choose another.',
  'validation.passwords_do_not_match': 'The passwords do not match.',
  'validation.must_accept': 'You must accept to continue.',
  'validation.invalid_zip_code': 'Enter a postal code of 4 digits.',
  'validation.invalid_phone': 'Enter a valid phone number.',
  'validation.too_long': 'Can be at most {maximum} characters.',
  'validation.invalid_club_membership_number':
    'Invalid NAF number. The membership number must be 6 to 8 characters.',
  'validation.confirm_all': 'Please confirm every point.',
  'validation.invalid_value': 'The value is not valid.',
  'validation.invalid_registration_number':
    'This number does not add up. A Danish CVR number has 8 digits and a Norwegian organisation number 9, and the last digit is a check digit – look for a typo.',
  'validation.identifier_too_short': 'Must be at least 5 characters (spaces and dashes do not count).',
  'validation.invalid_characters': 'May contain only letters and digits.',
  'validation.identifier_not_latin':
    'Use only the letters A–Z, Æ, Ø, Å and the digits 0–9 (letters of other alphabets, such as Cyrillic or Greek, and accented letters cannot be part of the number).',
  'validation.frame_or_plate_required': 'Enter the frame number or the plate ID – preferably both.',
  'validation.invalid_date': 'Enter a valid date.',
  'validation.date_not_in_past': 'Please select a date in the past.',
  'validation.invalid_production_year': 'Enter a valid production year (e.g. 2021).',
  'validation.invalid_price': 'Enter the price in whole kroner.',
  'validation.plate_id_invalid': 'Plate ID {plate_id} is not valid. Check the code on the plate.',
  'validation.plate_id_in_use': 'The plate {plate_id} is already registered.',
  'validation.plate_id_other_equipment': 'This plate belongs to other equipment.',
  'validation.frame_number_in_use':
    'This frame number is already registered. Contact support if the bike is yours.',
  'validation.frame_number_and_plate_id_invalid': 'The frame number and the plate ID are not valid.',
  'validation.emails_do_not_match': 'The two e-mail addresses must be the same.',
  'validation.transfer_to_self': 'You cannot transfer a bike to yourself.',
  'validation.frame_number_mismatch': "The frame number does not match the bike's frame number.",
  'validation.file_not_found': 'The file is not on this bike. Upload it again.',
  'validation.missing': 'Fill this in before you send the report.',
  'validation.national_id_not_collected':
    'The register does not take national identity numbers. You report the theft to the police yourself on politi.dk or politiet.no.',
  'validation.invalid_unit_number': 'Enter the unit number as a letter and four digits, for example H0101.',
  'validation.noted_before_last_seen': 'You cannot have noticed the theft before you last saw the bike.',
  'validation.date_not_in_future': 'Choose today or a date in the future.',
  'validation.date_too_far_ahead': 'Choose a date within half a year.',
  'validation.invalid_cpr':
    'A CPR number has 10 digits: the birth date (DDMMYY) and four digits, written DDMMYY-XXXX.',
  'validation.invalid_cpr_date':
    'The birth date in the CPR number does not exist. Check the first six digits (DDMMYY).',
  'validation.invalid_fodselsnummer':
    'A Norwegian national identity number (fødselsnummer or D-number) has 11 digits: the birth date (DDMMYY) and five digits.',
  'validation.invalid_fodselsnummer_date':
    'The birth date in the national identity number does not exist. Check the first six digits (DDMMYY).',
  'validation.invalid_fodselsnummer_check_digits':
    'This number does not add up. The last two digits are check digits – look for a typo.',
  'validation.invalid_bank_registration_number': 'The registration number must be four digits.',
  'validation.invalid_bank_account_number':
    'Enter the account number with at most 10 digits, without the registration number.',
  'validation.invalid_norwegian_account_number':
    'A Norwegian account number has 11 digits, written XXXX.XX.XXXXX.',
  'validation.invalid_norwegian_account_check_digit':
    'This account number does not add up. The last digit is a check digit – look for a typo.',
  'validation.invalid_number_of_bikes': 'Choose between 1 and 10 bikes.',
  'validation.insured_bikes_exceed_number': 'The policy has more bikes on it than its number of bikes.',
  'validation.insurer_unknown': 'There is no such insurer.',
  'validation.coverage_not_offered': 'The insurer does not offer that cover.',
  'validation.lock_test_policy_unknown': 'There is no open policy with that number at your company.',
  'validation.lock_test_holder_mismatch': 'That is not the e-mail address of the policy holder.',
  'validation.lock_approval_not_accepted':
    'That approval does not apply in the insurer’s country (Varefakta in Denmark, FG in Norway).',
  'validation.bike_not_on_policy': 'Choose one of the bikes on the policy.',
  'validation.lock_test_picture_not_of_bike': 'Choose pictures you uploaded of this bike.',
  'validation.bike_not_owned': 'The bike is not registered to you.',
  'validation.bike_already_insured': 'The bike is already on a policy.',
  'validation.upload_kind_mismatch': 'This file is not the kind this upload asks for.',
  'validation.insurer_policy_number_in_use': 'You have already given this policy number to another policy.',
  'validation.csv_header_invalid':
    'The first line must name the columns insurer_policy_id, holder_email and holder_name.',
  'validation.csv_too_many_rows': 'The file has too many rows (at most 5,000).',
  'validation.invalid_period': 'Choose a period whose start is not after its end, of at most five years.',
  'validation.duplicate_value': 'This value appears on an earlier line already.',
  'validation.invalid_price_bands':
    'Give the price bands rising upper limits; only the last band has no upper limit.',
  'validation.invalid_type': 'The value has the wrong type.',
  'validation.too_short': 'Must be at least {minimum} characters.',
  'validation.too_small': 'Must be at least {minimum}.',
  'validation.too_big': 'Can be at most {maximum}.',
  'validation.invalid_format': 'The format is not valid.',
  'validation.unrecognized_key': 'This field is not allowed.',
  'validation.invalid_json': 'The request body is not valid JSON.',

  'mail.link_hint': 'If the button does not work, copy this address into your browser:',
  'mail.footer': 'This e-mail was sent automatically by the Nordic Bike Registry. Replies are not read.',

  // chats: the e-mail about unread messages
  'mail.chats.greeting': 'Hello,',
  'mail.chats.signature': 'Kind regards\nThe Nordic Bike Registry',
  'mail.chats.subject': 'You have unread messages',
  'mail.chats.intro_one': 'You have 1 unread message in the Nordic Bike Registry.',
  'mail.chats.intro_other': 'You have {count} unread messages in the Nordic Bike Registry.',
  'mail.chats.privacy':
    'For your privacy, this e-mail does not contain the messages or who wrote them. Log in to read and answer them.',
  'mail.chats.line_one': '{subject}: 1 unread message – {link}',
  'mail.chats.line_other': '{subject}: {count} unread messages – {link}',
  'mail.chats.subject_bike': 'A chat about a bike',
  'mail.chats.subject_bike_brand': 'A chat about the {brand} bike',
  'mail.chats.subject_transfer': 'An ownership transfer',
  'mail.chats.subject_transfer_brand': 'An ownership transfer of the {brand} bike',
  'mail.chats.subject_request': 'An ownership request',
  'mail.chats.subject_request_brand': 'An ownership request for the {brand} bike',
  'mail.chats.action_one': 'Open the chat',
  'mail.chats.action_other': 'Open my messages',
  'mail.chats.footer':
    'We send this e-mail when messages wait unread for you while you are not using the register.',

  // chats: the e-mail to a guest (wrote without an account) when the owner answers
  'mail.chats.guest_subject': 'The bike owner has answered you',
  'mail.chats.guest_intro':
    'You wrote to the owner of a bike reported stolen in the Nordic Bike Registry, and the owner has answered.',
  'mail.chats.guest_how':
    'To read the answer and write back, log in or create an account with this e-mail address ({email}) and confirm it. The conversation is then waiting for you under Messages.',
  'mail.chats.guest_privacy':
    'For your privacy, this e-mail contains neither the answer nor the name of the owner. The owner does not see your e-mail address.',
  'mail.chats.guest_action': 'Read the answer',
  'mail.chats.guest_footer': 'If you have not written to a bike owner, you can ignore this e-mail.',

  // finds: the confirmation a visitor's message waits for (mailed to the address they gave)
  'mail.contact_owner.subject': 'Confirm your message to the bike owner',
  'mail.contact_owner.intro':
    'You have written to the owner of a bike reported stolen in the Nordic Bike Registry: {bike}. Confirm to send your message to the owner.',
  'mail.contact_owner.intro_plain':
    'You have written to the owner of a bike reported stolen in the Nordic Bike Registry. Confirm to send your message to the owner.',
  'mail.contact_owner.answers':
    'When the owner answers, we will tell you at this address. The owner never sees your e-mail address.',
  'mail.contact_owner.action': 'Send my message to the owner',
  'mail.contact_owner.footer':
    'The link works for {hours} hours. If you have not written to a bike owner, you can ignore this e-mail: nothing is sent, and the message is deleted.',

  // finds: bikes a finder or an organisation holds for their owner
  'mail.finds.greeting': 'Hello,',
  'mail.finds.signature': 'Kind regards\nThe Nordic Bike Registry',
  'mail.plate_order.received.subject': 'Your order of {quantity} plates',
  'mail.plate_order.received.intro':
    'We have received your order of {quantity} plates from your mail "{mailSubject}".',
  'mail.plate_order.received.delivery': 'We send them within {min}–{max} business days.',
  'mail.plate_order.received.cancel':
    'If the mail was not meant as an order, or the number is wrong, cancel the order under Plate orders in your insurer admin before we send it.',
  'mail.plate_order.unreadable.subject': 'We could not read your plate order',
  'mail.plate_order.unreadable.intro':
    'We could not tell how many plates your mail "{mailSubject}" orders, so no plates have been ordered.',
  'mail.plate_order.unreadable.how':
    'Write the number in the subject or the text, for example "Quantity: 200". One mail orders between 1 and {maximum} plates.',
  'mail.plate_order.sent.subject': 'Your {quantity} plates are on their way',
  'mail.plate_order.sent.intro': 'We have sent the {quantity} plates you ordered.',
  'mail.plate_order.action': 'Open the insurer admin',
  'mail.lock_test.requested.subject': '{insurer} asks you to show your bike lock',
  'mail.lock_test.requested.intro':
    '{insurer}, where your bike is insured, asks you to show that your bike is locked with an approved lock.',
  'mail.lock_test.requested.what':
    'Have the lock certificate (the card or paper that came with the lock, stamped by the shop) at hand: you will type in its approval number, the key number and the frame number written on it.',
  'mail.lock_test.requested.action': 'Answer the lock test',
  'mail.lock_test.approved.subject': '{insurer} approved your bike lock',
  'mail.lock_test.approved.intro': '{insurer} has approved the lock you showed. You need do nothing more.',
  'mail.lock_test.rejected.subject': '{insurer} could not approve your bike lock',
  'mail.lock_test.rejected.intro': '{insurer} could not approve the lock you showed.',
  'mail.lock_test.rejected.reason': 'Their reason: {reason}',
  'mail.lock_test.rejected.next':
    'If you have questions about what this means for your insurance, contact {insurer}.',
  'mail.lock_test.action': 'See the lock test',
  'mail.finds.pickup_registered.subject': 'Your bike is waiting to be collected',
  'mail.finds.pickup_registered.intro':
    '{holder} has your bike {bike} and keeps it for you. Collect it here: {place} – at the latest on {until}.',
  'mail.finds.pickup_registered.note': 'Note from {holder}: {note}',
  'mail.finds.pickup_registered.chat':
    'You can write to them in the chat in your account. They see neither your name nor your e-mail address unless you write.',
  'mail.finds.pickup_registered.action': 'See bikes waiting for me',
  'mail.finds.pickup_cancelled.subject': 'Your bike is no longer kept for you',
  'mail.finds.pickup_cancelled.intro':
    '{holder} no longer keeps your bike {bike} for you to collect. Write to them in the chat if you have questions.',
  'mail.finds.pickup_cancelled.action': 'Open the chat',
  'mail.finds.pickup_registered.stolen':
    'The bike was reported stolen and your theft report is linked to it. When you have it back, report it found in the register.',
  'mail.finds.pickup_released.subject': 'Your bike was not collected and has been released',
  'mail.finds.pickup_released.intro':
    '{holder} kept your bike {bike} until {until}. It was not collected and has now been released to reuse or auction. The register keeps the history.',
  'mail.finds.pickup_released.action': 'Open the chat',
  'mail.finds.someone': 'A finder',
  'mail.found_match.subject': 'A bike like yours may have been found',
  'mail.found_match.intro_taken_in_by': 'A bike like your {bike} was taken in by {holder} on {date}.',
  'mail.found_match.intro_left_in_dock_by':
    'A bike like your {bike} was left too long in a dock and taken in by {holder} on {date}.',
  'mail.found_match.intro_reported_found_by':
    'A bike like your {bike} was reported found to {holder} on {date}.',
  'mail.found_match.intro_reported_found': 'A bike like your {bike} was reported found on {date}.',
  'mail.found_match.claim':
    'Its frame number or plate is the same as your bike’s, or nearly the same. If it is yours, claim it: you write to whoever holds it in the chat in your account, and they see neither your name nor your e-mail address unless you write.',
  'mail.found_match.action': 'See it and claim it',

  // ownership mails (transfers, requests, verification)
  'mail.ownership.greeting': 'Hello,',
  'mail.ownership.signature': 'Kind regards\nThe Nordic Bike Registry',
  'mail.ownership.someone': 'A user of the Nordic Bike Registry',
  'mail.ownership.the_owner': 'The owner',
  'mail.ownership.offer.subject': '{sender} wants to give you a bike',
  'mail.ownership.offer.intro':
    '{sender} offers you the bike {bike} in the Nordic Bike Registry. When you accept, the bike is registered to you.',
  'mail.ownership.offer.account': 'Open the link to see the offer and accept or reject it.',
  'mail.ownership.offer.no_account':
    'You do not have an account with {email} yet. The link opens the log-in page, which tells you a bike is waiting: choose to create an account with this same e-mail address, and you go straight to the offer afterwards.',
  'mail.ownership.offer.action': 'See the offer',
  'mail.ownership.offer.footer':
    'The offer is valid for {days} days. If you did not expect it, you can ignore this e-mail: nothing happens unless you accept.',
  'mail.ownership.accepted.subject': 'Your bike has a new owner',
  'mail.ownership.accepted.intro':
    'The recipient accepted your offer of the bike {bike}. It is now registered to them and no longer appears under your bikes.',
  'mail.ownership.accepted.credit':
    'The registration the bike used is free again: you can use it for another bike.',
  'mail.ownership.accepted.action': 'See my bikes',
  'mail.ownership.request.subject': 'Someone asks to take over your bike',
  'mail.ownership.request.intro':
    'Someone found your bike {bike} in the register and asks you to transfer it to them.',
  'mail.ownership.request.anonymous':
    'Read the message and answer in the chat. They do not see your name unless you write to them.',
  'mail.ownership.request.action': 'Open the chat',
  'mail.ownership.verification_approved.subject': 'Your bike is owner-verified',
  'mail.ownership.verification_approved.intro':
    'We have checked your documentation: the bike {bike} is now marked as owner-verified.',
  'mail.ownership.verification_rejected.subject': 'Your ownership verification was not approved',
  'mail.ownership.verification_rejected.intro':
    'We could not approve the ownership verification of the bike {bike}. Reason: {reason}',
  'mail.ownership.verification_rejected.again': 'You can correct the steps and send it again.',
  'mail.ownership.verification.action': 'Open the verification',

  // insurance: our staff's check of an insured bike (issue 16 §5)
  'mail.insurance.greeting': 'Hello,',
  'mail.insurance.signature': 'Kind regards\nThe Nordic Bike Registry',
  'mail.insurance.verified.subject': 'Your bike is approved for your insurance',
  'mail.insurance.verified.intro':
    'We have checked your proof for the bike {bike} on your policy with {insurer}. The bike is now approved.',
  'mail.insurance.rejected.subject': 'We need something more to approve your bike',
  'mail.insurance.rejected.intro':
    'We could not approve the proof for the bike {bike} on your policy with {insurer}. Reason: {reason}',
  'mail.insurance.rejected.again': 'Correct what we ask for and send the proof again.',
  'mail.insurance.action': 'Open your insurance',

  // insurance: a bike the insurer paid out for is found (issue 16 §4)
  'mail.insurance.found_after_payout.subject': 'Someone has found a bike you paid out for',
  'mail.insurance.found_after_payout.message':
    'Someone has written to {insurer} about the bike {bike}. The registration moved to {insurer} when you paid the claim, so the message is in your organisation’s chats.',
  'mail.insurance.found_after_payout.pickup':
    'Someone holds the bike {bike} for {insurer} to collect. The registration moved to {insurer} when you paid the claim; where and until when to collect it is in your organisation’s chats.',
  'mail.insurance.found_after_payout.action': 'Open the chats',

  // theft reports: the confirmation mail and the PDF of a report
  'mail.theft.greeting': 'Hello,',
  'mail.theft.signature': 'Kind regards\nThe Nordic Bike Registry',
  'mail.theft.submitted.subject': 'Your bike is reported stolen',
  'mail.theft.submitted.intro':
    'We have received your theft report of the bike {bike}. The bike now shows as stolen in the register: whoever scans its plate or searches for its frame number sees this and can contact you without seeing your name or e-mail address.',
  'mail.theft.submitted.map':
    'On the public map of stolen bikes it is shown at an approximate place, never at the exact address.',
  'mail.theft.submitted.pdf':
    'The register does not send the report to the police. Report the theft to the police on politi.dk (in Norway politiet.no) – the report page has the details the police form asks for, ready to copy, and the report as a PDF for your insurance company. If you get the bike back, report it found in the register.',
  'mail.theft.submitted.action': 'Open the theft report',

  // the insurer's admin (issue 16 §4): mails about its decisions, its report as a PDF
  'mail.insurer_decision.greeting': 'Hello,',
  'mail.insurer_decision.signature': 'Kind regards\nThe Nordic Bike Registry',
  'mail.insurer_decision.accepted.subject': 'Your bike insurance with {insurer} is active',
  'mail.insurer_decision.accepted.intro':
    '{insurer} has accepted your application. Your policy number is {number}.',
  'mail.insurer_decision.rejected.subject': '{insurer} has declined your application',
  'mail.insurer_decision.rejected.intro': '{insurer} has declined your application for bike insurance.',
  'mail.insurer_decision.cancelled.subject': '{insurer} has cancelled your bike insurance',
  'mail.insurer_decision.cancelled.intro':
    '{insurer} has cancelled your policy {number}. Your bikes are no longer insured through it.',
  'mail.insurer_decision.reason': 'The reason given: {reason}',
  'mail.insurer_decision.questions': 'If you have questions, contact {insurer}.',
  'mail.insurer_decision.action': 'See your insurance',
  'pdf.insurer_report.register': 'The Nordic Bike Registry',
  'pdf.insurer_report.title': 'Insurance report',
  'pdf.insurer_report.period': 'Period: {from} – {to}',
  'pdf.insurer_report.made': 'Made {date}',
  'pdf.insurer_report.summary': 'Summary',
  'pdf.insurer_report.per_month': 'Thefts and payouts per month',
  'pdf.insurer_report.month': 'Month',
  'pdf.insurer_report.thefts': 'Thefts',
  'pdf.insurer_report.found': 'Found again',
  'pdf.insurer_report.payouts': 'Payouts',
  'pdf.insurer_report.amount': 'Paid out ({currency})',
  'pdf.insurer_report.recovery_rate': 'Recovery rate (found / stolen)',
  'pdf.insurer_report.not_applicable': 'none stolen',
  'pdf.insurer_report.places': 'Thefts per place',
  'pdf.insurer_report.place': 'Place (postal town)',
  'pdf.insurer_report.unknown_place': 'Place not given',
  'pdf.insurer_report.places_note':
    "The place is the postal town in the theft report's address of the theft, else the reporter's own town; the register knows no municipalities.",
  'pdf.insurer_report.backlog': 'Verification backlog (insured bikes of open policies, today)',
  'pdf.insurer_report.status': 'State of the check',
  'pdf.insurer_report.bikes': 'Bikes',
  'pdf.insurer_report.none': 'None in the period.',
  'pdf.insurer_report.consent_note':
    'Only theft reports whose owners let them be shared with you are counted.',
  'pdf.insurer_report.status.needs_uploads': "Waiting for the holder's uploads",
  'pdf.insurer_report.status.pending': 'Waiting for our check',
  'pdf.insurer_report.status.verified': 'Verified',
  'pdf.insurer_report.status.rejected': 'Rejected',
  'pdf.insurer_report.page': 'Page {page} of {pages}',
  'receipt.title.dk': 'Receipt (simplified invoice)',
  'receipt.title.no': 'Receipt (sales document)',
  'receipt.number': 'Receipt number',
  'receipt.date': 'Date',
  'receipt.order': 'Order',
  'receipt.seller': 'Seller',
  'receipt.vat_number.dk': 'CVR no. {number}',
  'receipt.vat_number.no': 'Org. no. {number} MVA',
  'receipt.buyer': 'Buyer',
  'receipt.quantity': 'Qty',
  'receipt.description': 'Description',
  'receipt.unit_price': 'Unit price',
  'receipt.amount': 'Amount',
  'receipt.discount': 'Discount',
  'receipt.total': 'Total incl. VAT',
  'receipt.vat': 'VAT {rate} % of {base}',
  'receipt.currency': 'Currency',
  'receipt.payment_method': 'Paid with',
  'receipt.method.reepay': 'Payment card',
  'receipt.method.voucher': 'Voucher',
  'receipt.method.insurance': 'Included with the insurance',
  'receipt.no_fees': 'No card fee was charged.',
  'receipt.withdrawal':
    'You have a 14-day right of withdrawal from the day of purchase (for goods, from the day you receive them). To withdraw, write to us in the support chat.',
  'receipt.withdrawal_consent':
    'You asked for the registration to be used at once and acknowledged that your right of withdrawal for it ends once it has been used.',
  'receipt.delivery': 'Plates are delivered within {min}–{max} business days.',
  'receipt.refunded': 'Refunded: {amount} ({date})',
  'mail.receipt.subject': 'Your receipt {number} from the Nordic Bike Registry',
  'mail.receipt.intro': 'Thank you for your order. We have received your payment; this is your receipt.',
  'mail.receipt.pdf': 'Your orders, and this receipt as a PDF, are on your page:',
  'mail.receipt.action': 'See your orders',
  'mail.refund.subject': 'Refund of your order {number}',
  'mail.refund.intro':
    'We have refunded {amount} for your order {number} to the card you paid with. It can take a few banking days before the amount shows on your account.',
  'mail.refund.credits_withdrawn': 'Registrations from the order that had not been used have been withdrawn.',
  'mail.refund.credits_kept': 'A registration that was already used on a bike stays on it.',
  'mail.referral.granted.subject': 'You earned a free registration',
  'mail.referral.granted.intro':
    '{name} signed up with your invitation and has bought a registration. Thank you for the tip: one free registration is now on your account, ready for a bike.',
  'mail.referral.taken_back.subject': 'Your free registration from an invitation was withdrawn',
  'mail.referral.taken_back.intro':
    'The purchase of {name}, who signed up with your invitation, has been refunded. The free registration it gave you had not been used, so it has been withdrawn.',
  'mail.referral.someone': 'Someone',
  'mail.referral.action': 'See your invitations',
  'mail.shipment.subject': 'Your plates are on their way (order {number})',
  'mail.shipment.intro':
    'We have sent the plates of your order {number}. They usually arrive within a few business days.',
  'mail.shipment.tracking': 'Tracking number: {tracking_number}',
  'pdf.certificate.title': 'Resale certificate',
  'pdf.certificate.intro': `The bike's history in the register, signed by the register. No names. Scan the QR code to see whether the certificate is genuine and still current.`,
  'pdf.certificate.certificate_id': 'Certificate ID',
  'pdf.certificate.issued_at': 'Issued',
  'pdf.certificate.frame_number': 'Frame number (partly hidden)',
  'pdf.certificate.registered_since': 'Registered since',
  'pdf.certificate.owners': 'Number of owners',
  'pdf.certificate.thefts': 'Thefts',
  'pdf.certificate.no_thefts': 'Never reported stolen',
  'pdf.certificate.theft_open': 'Reported stolen {stolen}',
  'pdf.certificate.theft_recovered': 'Reported stolen {stolen}, found {recovered}',
  'pdf.certificate.identity_verified': `Owner's identity verified (MitID/BankID)`,
  'pdf.certificate.check_title': 'Check before you buy',
  'pdf.certificate.check_text':
    'Open the address or scan the QR code: the page shows whether the bike has been reported stolen or changed hands since the certificate was issued.',
  'pdf.certificate.signature':
    'Ed25519 signature (key {kid}, published at /.well-known/nbr-certificate-keys.json):',
  'pdf.certificate.printed_at': 'Printed {date}',
  'pdf.certificate.status_stolen': 'WARNING: The bike is reported stolen.',
  'pdf.certificate.status_superseded':
    'The certificate is no longer current: the bike has changed hands or history since.',
  'pdf.certificate.status_revoked': 'The certificate was withdrawn by the owner.',
  'pdf.certificate.status_bike_deleted': 'The bike is no longer in the register.',
  'pdf.certificate.status_current': 'The certificate is current.',
  'pdf.theft.register': 'Nordic Bike Registry',
  'pdf.theft.title': 'Theft report',
  'pdf.theft.intro':
    'The owner has reported this bike stolen in the register. This document is the owner’s copy of the report in the register, to show the police and the insurance company.',
  'pdf.theft.report_id': 'Report ID',
  'pdf.theft.submitted_at': 'Reported',
  'pdf.theft.status': 'Current status',
  'pdf.theft.status_submitted': 'Reported stolen',
  'pdf.theft.status_found': 'Found (reported {date})',
  'pdf.theft.printed_at': 'Printed {date}',
  'pdf.theft.page': 'Page {page} of {pages}',
  'pdf.theft.section_owner': 'Owner',
  'pdf.theft.name': 'Name',
  'pdf.theft.email': 'E-mail address',
  'pdf.theft.address': 'Address',
  'pdf.theft.mobile': 'Mobile',
  'pdf.theft.telephone': 'Other phone',
  'pdf.theft.police_report': 'The owner reports the theft to the police',
  'pdf.theft.section_bike': 'Bike',
  'pdf.theft.nickname': 'Name of the bike',
  'pdf.theft.brand': 'Brand',
  'pdf.theft.model': 'Model name',
  'pdf.theft.frame_number': 'Frame number',
  'pdf.theft.plate_id': 'Plate ID',
  'pdf.theft.color': 'Colour',
  'pdf.theft.category': 'Category',
  'pdf.theft.electric': 'Electric',
  'pdf.theft.battery': 'Battery',
  'pdf.theft.section_insurance': 'Insurance and value',
  'pdf.theft.insured': 'Insured',
  'pdf.theft.insurance_company': 'Insurance company',
  'pdf.theft.price': 'Price',
  'pdf.theft.section_theft': 'The theft',
  'pdf.theft.lock': 'Lock',
  'pdf.theft.culprit_known': 'Culprit known',
  'pdf.theft.culprit_recognizable': 'Culprit recognisable',
  'pdf.theft.culprit_info': 'About the culprit',
  'pdf.theft.witness': 'Witnesses',
  'pdf.theft.witnesses': 'About the witnesses',
  'pdf.theft.last_seen': 'Last seen',
  'pdf.theft.noted': 'Theft discovered',
  'pdf.theft.place': 'Place',
  'pdf.theft.coordinates': 'Picked on the map',
  'pdf.theft.coordinates_value': '{latitude}, {longitude} (latitude, longitude)',
  'pdf.theft.section_acknowledgements': 'The owner’s declarations',
  'pdf.theft.ack_payout':
    'I will tell my insurance company myself about the theft and about getting the bike back.',
  'pdf.theft.ack_data_share': 'The report may be shared with my insurance company.',
  'pdf.theft.ack_ownership_transfer':
    'If the insurance company compensates me, the registration of the bike is transferred to it.',
  'pdf.theft.ack_given': 'Confirmed',
  'pdf.theft.ack_missing': 'Not confirmed',
  'pdf.theft.yes': 'Yes',
  'pdf.theft.no': 'No',
  'pdf.theft.lock_locked_to_object': 'Locked to something fixed',
  'pdf.theft.lock_locked': 'Locked, not to anything',
  'pdf.theft.lock_unlocked': 'Not locked',
  'pdf.theft.battery_removed': 'Removed by the owner',
  'pdf.theft.battery_on_bike': 'On the bike',
  'pdf.theft.battery_integrated': 'Built into the frame',
  'pdf.theft.category_city': 'City bike',
  'pdf.theft.category_mountainTour': 'Mountain/touring bike',
  'pdf.theft.category_road': 'Road bike',
  'pdf.theft.category_racer': 'Racing bike',
  'pdf.theft.category_cargo': 'Cargo bike',
  'pdf.theft.category_hybrid': 'Hybrid bike',
  'pdf.theft.category_cruiser': 'Cruiser bike',
  'pdf.theft.category_folding': 'Folding bike',
  'pdf.theft.category_bmx': 'BMX bike',
  'pdf.theft.color_black': 'Black',
  'pdf.theft.color_gray': 'Grey',
  'pdf.theft.color_blue': 'Blue',
  'pdf.theft.color_green': 'Green',
  'pdf.theft.color_white': 'White',
  'pdf.theft.color_red': 'Red',
  'pdf.theft.color_special': 'Special colour',
  'pdf.theft.color_orange': 'Orange',
  'pdf.theft.color_yellow': 'Yellow',
  'pdf.theft.color_brown': 'Brown',
  'pdf.theft.color_purple': 'Purple',
  'pdf.theft.color_multi': 'Multicoloured',
  'pdf.theft.color_pink': 'Pink',
  'errors.support_link_invalid':
    'This link to your support question does not work (any longer). Write to us again from the support page.',
  'mail.support.greeting': 'Hello,',
  'mail.support.signature': 'Kind regards\nSupport, the Nordic Bike Registry',
  'mail.support.confirm_subject': 'Confirm your question to our support',
  'mail.support.confirm_intro':
    'You (or someone who typed your address) wrote to the support of the Nordic Bike Registry. Your question reaches us once you follow the link below, which also takes you to the conversation.',
  'mail.support.confirm_action': 'Confirm and open the conversation',
  'mail.support.confirm_expiry':
    'The link works for {days} days. Your question is dropped if it is not confirmed within {hours} hours.',
  'mail.support.confirm_ignore': 'If you did not write to us, you can ignore this e-mail: nothing is sent.',
  'mail.support.answered_subject': 'Our support has answered you',
  'mail.support.answered_intro':
    'Our support has answered your question. Follow the link to read the answer and write back.',
  'mail.support.answered_action': 'Read the answer',
  'errors.plan_for_organisations': 'The organisation plan is for organisations only. Choose a personal plan.',
  // Issue 27 probe 8: budgets on the most sensitive reads, and the police's case number.
  'errors.read_budget_reached':
    'You have used today’s allowance for this kind of look-up. Your organisation’s administrator has been told. You can look up again from midnight.',
  'validation.invalid_police_case_number':
    'Enter the police case number in the police’s own form: in Denmark the journal number, e.g. 0100-80151-00012-24 (district, code, serial, year); in Norway the 8-digit report number, e.g. 14325678.',
  'mail.read_budget.subject': '{person} has used today’s allowance of sensitive look-ups at {organisation}',
  'mail.read_budget.national_id':
    'Today {person} has seen the full national id number of {count} policy holders in the Nordic Bike Registry for {organisation}. That is the most one person may see in a day.',
  'mail.read_budget.owner_contact':
    'Today {person} has seen the contact details of {count} bike owners in the Nordic Bike Registry for {organisation}. That is the most one person may see in a day.',
  'mail.read_budget.refused': 'Further look-ups of that kind are refused until midnight.',
  'mail.read_budget.check':
    'Every look-up is logged with its reason. If this was not expected, talk to the person and write to our support.',
  'mail.read_budget.action': 'Open the Nordic Bike Registry',
  'errors.club_member_list_empty':
    'The list has no membership numbers. Upload a CSV file with one membership number (6–8 characters) in the first column of each line.',
  'errors.bike_not_found': 'Choose one of your own registered bikes.',
  'errors.device_not_found': 'The lock device does not exist in this dock.',
  'errors.pairing_code_invalid':
    'The pairing code is wrong, used or expired. Ask the operator for a new one.',
  'errors.lock_not_free': 'The lock is not free. Choose another lock.',
  'errors.bike_already_parked': 'That bike is already locked in a dock. Unlock it there first.',
  'errors.lock_out_of_service': 'The lock is out of service. Choose another lock.',
  'errors.dock_closed_now': 'The dock is closed now. See its opening hours.',
  'errors.not_your_parking': 'Only the person who locked the bike can unlock it.',
  'errors.lock_offline': 'The lock is offline right now. Try again later or call the operator.',
  'errors.lock_busy': 'The lock is carrying out another command. Try again in a moment.',
  'webshop.club_one_time_registration': 'Registration for {months} months, paid once',
  // Issue 27: a map pick in open water (@nbr/domain/land).
  'validation.place_at_sea': 'The pin is in the sea. Put it on land, where the bike was stolen.',
  // Issue 28 (docks).
  'errors.dock_not_found': 'We cannot find that dock.',
  'errors.lock_not_found': 'We cannot find that lock in this dock.',
  'errors.parking_not_found': 'We cannot find that parking in this dock.',
  'errors.dock_closed_down': 'This dock has been closed down and can no longer be changed.',
  'errors.lock_label_taken': 'Another lock in this dock already has that label.',
  'errors.parking_not_left_behind': 'This bike has not been parked longer than the dock allows yet.',
  'errors.parking_closed': 'This bike has already been unlocked and taken out of the lock.',
  'errors.parking_handed_over': 'This bike has already been handed over to be held for its owner.',
  'errors.held_bikes_not_allowed': 'Only the police or a municipality can take in bikes for their owners.',
  // Issue 29 §2 (flows).
  'errors.region_page_not_found': 'The page does not exist or is not published.',
  'errors.region_page_taken': 'The region already has a page at this address. Choose another.',
  'errors.region_page_no_draft': 'There is no draft in this language to publish. Save a draft first.',
  'validation.region_page_path_invalid':
    'Write the address in lower-case letters, digits and hyphens, e.g. cykeldag-2027 or naf/member.',
  'errors.flow_not_found': 'The flow does not exist or is not published.',
  'errors.flow_walk_not_found': 'We cannot find your walk through this flow. Start again.',
  'errors.flow_walk_finished': 'You have already finished this flow. Start again to answer anew.',
  'errors.flow_step_not_open': 'This step is not next yet. Answer the earlier steps first.',
  'errors.flow_step_has_no_action': 'This step has no action to carry out.',
  'errors.flow_step_not_answered': 'Answer the step’s questions first.',
  'errors.flow_version_not_found': 'The flow has no such published version.',
  'errors.flow_memo_taken': 'Another flow already has this address. Choose another.',
  'errors.flow_memo_reserved': 'The address is already used by a page of the site. Choose another.',
  // Issue 29 §2: a flow definition's problems (checkFlowDefinition), {subject} the step, question or choice.
  'validation.flow_step_memo_repeated': 'Two steps have the address “{subject}”. Give each step its own.',
  'validation.flow_question_id_repeated':
    'Two questions have the id “{subject}”. Give each question its own.',
  'validation.flow_target_unknown':
    '“{subject}” is not a step of this flow. Go to a step that exists, or to the end.',
  'validation.flow_loop':
    'The flow can go round in a loop at “{subject}”. Every way through must reach the end.',
  'validation.flow_step_unreachable': 'No way through the flow reaches the step “{subject}”.',
  'validation.flow_condition_question_unknown':
    'The condition asks about “{subject}”, which is not a question of this flow.',
  'validation.flow_condition_question_later':
    'The condition asks about “{subject}”, which is only asked later.',
  'validation.flow_condition_value_unknown':
    'The condition names “{subject}”, which is not one of the question’s choices.',
  'validation.flow_choices_missing': 'The choice question “{subject}” needs its choices.',
  'validation.flow_choices_not_allowed': 'Only a choice question has choices; “{subject}” is not one.',
  'validation.flow_choice_id_repeated': 'Two choices have the id “{subject}”. Give each choice its own.',
  'validation.flow_survey_missing':
    'The step “{subject}” ends in answering a survey, but no survey is chosen. Choose it.',
  'validation.flow_survey_not_allowed':
    'The step “{subject}” names a survey but does not end in answering it. Remove it, or choose that action.',
  // Issue 29 §1 (commuter surveys).
  'errors.survey_not_found': 'We cannot find that survey.',
  'errors.survey_not_open': 'This survey is not open for answers.',
  'errors.survey_answer_exists':
    'You have already answered this survey while signed in. We kept that answer.',
  'errors.survey_answer_not_found': 'We cannot find your answer. Please start again.',
  // Issue 32 §1: checks by API.
  'errors.api_key_required':
    "This address takes an organisation's API key (Authorization: Bearer nbr_ck_…), not a person's session.",
  'errors.invalid_api_key': 'The API key is unknown or has been revoked.',
  'validation.too_many_identifiers': 'At most {maximum} identifiers can be checked at once.',
  'validation.webhook_url_invalid': 'Enter a full address starting with https://.',
  'validation.webhook_url_not_allowed':
    'The webhook must be an https address on the internet, not a local or private one.',
  'errors.webhook_not_set': 'The organisation has no webhook yet.',
  'errors.webhook_delivery_not_failed': 'Only an event that could not be delivered can be sent again.',
  'errors.import_columns_missing': 'The file has no column {columns} in its first row.',
  'errors.import_too_many_rows': 'The file has more than {maximum} rows: split it into several files.',
  'errors.import_file_unreadable': 'The file could not be read as CSV or XLSX ({reason}).',
  'errors.import_job_not_startable':
    'This import cannot be started or cancelled now: it has been started or cancelled already.',
  'mail.bulk_import.subject': 'Your bikes from {source} are in the Bike Registry',
  'mail.bulk_import.greeting_named': 'Hello {name},',
  'mail.bulk_import.body_one':
    '{source} has moved its register to the Bike Registry. One bike registered to this e-mail address is waiting for you.',
  'mail.bulk_import.body_many':
    '{source} has moved its register to the Bike Registry. {count} bikes registered to this e-mail address are waiting for you.',
  'mail.bulk_import.how':
    'Sign up or sign in with this same address ({email}) and confirm it: the bikes then appear under My bikes, where you can report a theft, transfer a bike and keep its papers.',
  'mail.bulk_import.not_you': 'If these are not your bikes, ignore this mail and nothing happens.',
  'mail.bulk_import.action': 'See my bikes',
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
