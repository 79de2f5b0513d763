-- AlterEnum
ALTER TYPE "detection_method" ADD VALUE 'kyc_address';
