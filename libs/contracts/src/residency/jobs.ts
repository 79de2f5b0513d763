import { defineJob } from '../common';
import { DetectResidencyJob, KycAddressResidencyJob, ResidencyQueue } from './detect-job';
import { AuthResidencyQueue, ResidencyChangedJob } from './events';

export const ResidencyJobs = {
  detect: defineJob(ResidencyQueue, 'residency.detect.v1', DetectResidencyJob),
  recordKycAddress: defineJob(ResidencyQueue, 'residency.kyc-address.v1', KycAddressResidencyJob),
  changed: defineJob(AuthResidencyQueue, 'residency.changed.v1', ResidencyChangedJob),
};
