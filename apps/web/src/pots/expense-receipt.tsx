import './receipt.css';

import type { Expense } from '@kitty/api-client';
import { useAttachReceiptMutation, useGetReceiptQuery, useRemoveReceiptMutation } from '@kitty/api-client';
import { Alert, Button, Modal, Popconfirm, Skeleton } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

import { toastProblem } from '../ui/problem-toast';
import { useToast } from '../ui/toast';
import { preparePhoto } from './receipt-photo';

/**
 * An expense's receipt photo: 'Receipt' opens it for every member; whoever may change the
 * expense attaches, replaces or removes it. Photos larger than the limit are resized in the browser.
 */
export function ExpenseReceipt({
  potId,
  expense,
  canChange,
}: {
  potId: string;
  expense: Expense;
  canChange: boolean;
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [attach, attaching] = useAttachReceiptMutation();
  const [removeReceipt, removing] = useRemoveReceiptMutation();
  const [preparing, setPreparing] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setPreparing(true);
    const photo = await preparePhoto(file).finally(() => setPreparing(false));
    if (!photo.ok) {
      toast.error('Receipt not added', photo.error);
      return;
    }
    try {
      await attach({
        potId,
        expenseId: expense.id,
        attachReceiptRequest: { contentType: photo.contentType, dataBase64: photo.dataBase64 },
      }).unwrap();
      toast.success('Receipt added', `${expense.description} now has its receipt.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  const remove = async () => {
    try {
      await removeReceipt({ potId, expenseId: expense.id }).unwrap();
      setOpen(false);
      toast.success('Receipt removed', `${expense.description} no longer has a receipt.`);
    } catch (error) {
      toastProblem(toast, error);
    }
  };

  return (
    <>
      {expense.hasReceipt && (
        <Button size="small" onClick={() => setOpen(true)} aria-label={`Receipt of ${expense.description}`}>
          Receipt
        </Button>
      )}
      {canChange && (
        <>
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            aria-label={`Receipt photo for ${expense.description}`}
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            size="small"
            loading={preparing || attaching.isLoading}
            onClick={() => input.current?.click()}
            aria-label={`${expense.hasReceipt ? 'Replace' : 'Add'} receipt of ${expense.description}`}
          >
            {expense.hasReceipt ? 'Replace receipt' : 'Add receipt'}
          </Button>
        </>
      )}
      {open && (
        <ReceiptViewer
          potId={potId}
          expense={expense}
          onClose={() => setOpen(false)}
          footer={
            canChange ? (
              <Popconfirm
                title="Remove this receipt?"
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={remove}
              >
                <Button danger loading={removing.isLoading}>
                  Remove receipt
                </Button>
              </Popconfirm>
            ) : null
          }
        />
      )}
    </>
  );
}

function ReceiptViewer({
  potId,
  expense,
  onClose,
  footer,
}: {
  potId: string;
  expense: Expense;
  onClose: () => void;
  footer: ReactNode;
}) {
  const receipt = useGetReceiptQuery({ potId, expenseId: expense.id });
  return (
    <Modal open title={`Receipt: ${expense.description}`} onCancel={onClose} footer={footer} destroyOnHidden>
      {receipt.isLoading && <Skeleton.Image active />}
      {receipt.isError && (
        <Alert
          type="error"
          showIcon
          title="Could not load the receipt"
          description="Please try again later."
        />
      )}
      {receipt.data && (
        <img
          className="receipt-photo"
          src={`data:${receipt.data.contentType};base64,${receipt.data.dataBase64}`}
          alt={`Receipt of ${expense.description}`}
        />
      )}
    </Modal>
  );
}
