import './import-export.css';

import type { ImportPreview, ImportRowProblem, PotMember } from '@kitty/api-client';
import { problemDetail, useImportPotExpensesMutation, usePreviewPotImportMutation } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Alert, Button, Modal, Select } from 'antd';
import { useState } from 'react';


/** The API's limit on an imported file (MAX_IMPORT_FILE_CHARS in contracts), checked before sending. */
const MAX_FILE_BYTES = 1_000_000;
const SHOWN_ROWS = 50;

const FORMAT_NAMES: Record<ImportPreview['format'], string> = {
  'kitty-csv': 'Kitty CSV export',
  'splitwise-csv': 'Splitwise CSV export',
  'spliit-json': 'Spliit JSON export',
  'spliit-csv': 'Spliit CSV export',
};

interface Result {
  created: number;
  alreadyImported: number;
  problems: ImportRowProblem[];
}

type Step =
  | { name: 'choose' }
  | { name: 'preview'; text: string; preview: ImportPreview; mapping: Record<string, string | null> }
  | { name: 'importing'; done: number; total: number }
  | { name: 'done'; result: Result };

/** The file's text (FileReader: what every browser, and the tests' DOM, can do). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

const rowText = ({ row, message }: ImportRowProblem) => (row > 0 ? `Row ${row}: ${message}` : message);

function Problems({ problems }: { problems: ImportRowProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="import-problems"
      title={`${problems.length} ${problems.length === 1 ? 'row' : 'rows'} cannot be imported`}
      description={
        <ul>
          {problems.map((problem) => (
            <li key={`${problem.row}-${problem.message}`}>{rowText(problem)}</li>
          ))}
        </ul>
      }
    />
  );
}

/**
 * Import from Kitty, Splitwise or Spliit (the owner): choose the file, see what it holds and who is who,
 * then import in batches; importing the same file again adds nothing.
 */
export function ImportDialog({
  potId,
  members,
  open,
  onClose,
}: {
  potId: string;
  members: PotMember[];
  open: boolean;
  onClose: () => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const [previewImport, previewing] = usePreviewPotImportMutation();
  const [importBatch] = useImportPotExpensesMutation();

  const close = () => {
    if (step.name === 'importing') return;
    setStep({ name: 'choose' });
    setError(null);
    onClose();
  };

  const choose = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setError('This file is too large: at most 1 MB.');
    try {
      const text = await readText(file);
      const preview = await previewImport({ potId, importPreviewRequest: { text } }).unwrap();
      // The server proposes who each name is: the owner's choice at the pot's last import, else a guess.
      const mapping = Object.fromEntries(preview.mapping.map(({ name, memberId }) => [name, memberId]));
      setStep({ name: 'preview', text, preview, mapping });
    } catch (caught) {
      setError(problemDetail(caught) ?? 'Kitty could not read this file. Please try again.');
    }
  };

  const usedNames =
    step.name === 'preview'
      ? new Set(step.preview.expenses.flatMap((e) => [...e.payers, ...e.shares].map(({ name }) => name)))
      : new Set<string>();
  const unmatched = step.name === 'preview' ? [...usedNames].filter((name) => !step.mapping[name]) : [];

  const runImport = async () => {
    if (step.name !== 'preview') return;
    const { text, preview, mapping } = step;
    const body = {
      text,
      format: preview.format,
      mapping: Object.entries(mapping).flatMap(([name, memberId]) => (memberId ? [{ name, memberId }] : [])),
    };
    const result: Result = { created: 0, alreadyImported: 0, problems: [] };
    setError(null);
    setStep({ name: 'importing', done: 0, total: preview.expenses.length });
    try {
      for (let fromIndex: number | null = 0; fromIndex !== null;) {
        const batch = await importBatch({ potId, importRequest: { ...body, fromIndex } }).unwrap();
        result.created += batch.created;
        result.alreadyImported += batch.alreadyImported;
        result.problems.push(...batch.problems);
        fromIndex = batch.nextIndex;
        setStep({ name: 'importing', done: fromIndex ?? batch.total, total: batch.total });
      }
      setStep({ name: 'done', result });
    } catch (caught) {
      // What was recorded stays recorded; importing the file again picks up where this stopped.
      setError(
        `${problemDetail(caught) ?? 'The import stopped.'} ${result.created} expenses were imported; ` +
          'import the file again to add the rest.',
      );
      setStep({ name: 'done', result });
    }
  };

  const footer =
    step.name === 'preview'
      ? [
          <Button key="back" onClick={() => setStep({ name: 'choose' })}>
            Choose another file
          </Button>,
          <Button
            key="import"
            type="primary"
            disabled={unmatched.length > 0 || step.preview.expenses.every((e) => e.alreadyImported)}
            onClick={runImport}
          >
            Import {step.preview.expenses.filter((e) => !e.alreadyImported).length} expenses
          </Button>,
        ]
      : step.name === 'importing'
        ? null
        : [
            <Button key="close" type={step.name === 'done' ? 'primary' : 'default'} onClick={close}>
              {step.name === 'done' ? 'Done' : 'Cancel'}
            </Button>,
          ];

  return (
    <Modal
      title="Import expenses"
      open={open}
      onCancel={close}
      footer={footer}
      closable={step.name !== 'importing'}
    >
      {error && <Alert type="error" showIcon title={error} className="import-error" />}
      {step.name === 'choose' && (
        <div className="import-choose">
          <p>
            Choose an export from Kitty, Splitwise (group CSV) or Spliit (CSV or JSON). You will see what it
            holds before anything is imported, and importing the same file again adds nothing.
          </p>
          <label className="import-file">
            <span>File</span>
            <input
              type="file"
              accept=".csv,.json,text/csv,application/json"
              aria-label="File to import"
              disabled={previewing.isLoading}
              onChange={(event) => choose(event.target.files?.[0])}
            />
          </label>
          {previewing.isLoading && <p className="muted">Reading the file…</p>}
        </div>
      )}
      {step.name === 'preview' && (
        <div className="import-preview">
          <p>
            {FORMAT_NAMES[step.preview.format]}: {step.preview.expenses.length} expenses
            {step.preview.expenses.some((e) => e.alreadyImported) &&
              `, ${step.preview.expenses.filter((e) => e.alreadyImported).length} already imported`}
            .
          </p>
          <h3 className="import-heading">Who is who</h3>
          <ul className="import-mapping">
            {step.preview.mapping.map(({ name }) => (
              <li key={name}>
                <span className="import-name">{name}</span>
                <Select
                  aria-label={`Member for ${name}`}
                  placeholder="Choose a member"
                  allowClear
                  value={step.mapping[name] ?? undefined}
                  status={usedNames.has(name) && !step.mapping[name] ? 'error' : undefined}
                  options={members.map((member) => ({ value: member.id, label: member.name }))}
                  onChange={(memberId?: string) =>
                    setStep({ ...step, mapping: { ...step.mapping, [name]: memberId ?? null } })
                  }
                />
              </li>
            ))}
          </ul>
          {unmatched.length > 0 && (
            <p className="import-unmatched" role="alert">
              Choose a member for {unmatched.join(', ')}.
            </p>
          )}
          <Problems problems={step.preview.problems} />
          <h3 className="import-heading">Expenses</h3>
          <ul className="import-rows">
            {step.preview.expenses.slice(0, SHOWN_ROWS).map((expense) => (
              <li
                key={expense.row}
                className={expense.alreadyImported ? 'import-row is-imported' : 'import-row'}
              >
                <div className="import-row-main">
                  <span>
                    {expense.description}
                    {expense.alreadyImported && <span className="muted"> (already imported)</span>}
                  </span>
                  <strong>{formatPence(expense.amountPence)}</strong>
                </div>
                <div className="muted import-row-detail">
                  {[
                    expense.date,
                    `Paid by ${expense.payers.map((p) => `${p.name} ${formatPence(p.amountPence)}`).join(', ')}`,
                    `Shared by ${expense.shares.map((s) => `${s.name} ${formatPence(s.amountPence)}`).join(', ')}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </div>
              </li>
            ))}
          </ul>
          {step.preview.expenses.length > SHOWN_ROWS && (
            <p className="muted">and {step.preview.expenses.length - SHOWN_ROWS} more.</p>
          )}
        </div>
      )}
      {step.name === 'importing' && (
        <p role="status">
          Importing… {step.done} of {step.total}
        </p>
      )}
      {step.name === 'done' && (
        <div className="import-done">
          <p role="status">
            {step.result.created} new, {step.result.alreadyImported} already imported.
          </p>
          <Problems problems={step.result.problems} />
        </div>
      )}
    </Modal>
  );
}
