import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Stack, Stepper, Text, Title } from '@mantine/core';
import { MSG } from '@parceldesk/shared/messages';
import {
  registrationFormSchema, toRegistrationPayload, type CustomerRegisterInput, type RegistrationFormValues,
} from '@parceldesk/shared/schemas/registration';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import type { PublicBranch } from '../api/registration-queries';
import { REGISTRATION_DEFAULTS, fieldsOf, firstStepHolding, isRegistrationField, stepsFor } from '../registration-steps';
import { AccountTypeStep } from './steps/account-type-step';
import { AddressStep } from './steps/address-step';
import { ContactStep } from './steps/contact-step';
import { MembershipStep } from './steps/membership-step';
import { PersonalStep } from './steps/personal-step';
import { WizardNav } from './wizard-nav';

type RegistrationFormOutput = z.output<typeof registrationFormSchema>;

export interface RegistrationWizardProps {
  supportsMembership: boolean;
  branches: readonly PublicBranch[];
  branchesLoading: boolean;
  /** Creates the account; a rejection with field errors lands on the fields. */
  onRegister: (payload: CustomerRegisterInput) => Promise<void>;
}

/** Spec sections 2, 4 and 5: Next validates the current step; submit happens on the last one. */
export function RegistrationWizard({ supportsMembership, branches, branchesLoading, onRegister }: RegistrationWizardProps) {
  const steps = stepsFor(supportsMembership);
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const form = useForm<RegistrationFormValues, unknown, RegistrationFormOutput>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: REGISTRATION_DEFAULTS,
    // Errors clear on edit (below) rather than re-validating each keystroke.
    reValidateMode: 'onSubmit',
  });
  const { watch, clearErrors, trigger, handleSubmit, setError } = form;
  const current = steps[step] ?? steps[0] ?? 'Account Type';
  const isLast = step === steps.length - 1;

  // Spec section 4: a field error clears when the field is edited.
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);

  // Keyboard and screen-reader users land on the new step's heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current !== step) headingRef.current?.focus();
    shownStep.current = step;
  }, [step]);

  const next = async () => {
    if (!(await trigger(fieldsOf(current), { shouldFocus: true }))) {
      notify.error(MSG.stepInvalid);
      return;
    }
    setStep((index) => Math.min(index + 1, steps.length - 1));
  };

  const onInvalid = (errors: FieldErrors<RegistrationFormValues>) => {
    const index = firstStepHolding(steps, Object.keys(errors));
    if (index !== -1) setStep(index);
    notify.error(MSG.stepInvalid);
  };

  const showFailure = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      notify.error(MSG.registrationFailedRetry);
      return;
    }
    const onFields = Object.entries(error.fieldErrors).filter(([name]) => isRegistrationField(steps, name));
    if (onFields.length === 0) {
      notify.error(errorMessage(error, MSG.registrationFailed));
      return;
    }
    for (const [name, message] of onFields) {
      if (isRegistrationField(steps, name)) setError(name, { type: 'server', message });
    }
    setStep(firstStepHolding(steps, onFields.map(([name]) => name)));
  };

  const onValid = async (values: RegistrationFormOutput) => {
    setBusy(true);
    try {
      await onRegister(toRegistrationPayload(values));
      // Stay busy: the page redirects shortly (spec section 9, 2000 ms).
    } catch (error) {
      setBusy(false);
      showFailure(error);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (isLast) void handleSubmit(onValid, onInvalid)();
    else void next();
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate aria-label="Registration">
        <Stack gap="md">
          <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={(index) => index < step && setStep(index)}>
            {steps.map((name) => <Stepper.Step key={name} label={name} />)}
          </Stepper>
          <div>
            <Text size="sm" c="dimmed">Step {step + 1} of {steps.length}</Text>
            <Title order={2} size="h4" ref={headingRef} tabIndex={-1}>{current}</Title>
            <Text size="sm" c="dimmed">All fields are required unless marked optional.</Text>
          </div>
          {current === 'Account Type' && <AccountTypeStep />}
          {current === 'Membership' && <MembershipStep />}
          {current === 'Personal' && <PersonalStep />}
          {current === 'Contact' && <ContactStep />}
          {current === 'Address' && <AddressStep branches={branches} branchesLoading={branchesLoading} />}
          <WizardNav isFirst={step === 0} isLast={isLast} busy={busy} onPrevious={() => setStep((index) => Math.max(index - 1, 0))} />
        </Stack>
      </form>
    </FormProvider>
  );
}
