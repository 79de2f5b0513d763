import type { MemberContribution } from '@kitty/api-client';
import { formatPence } from '@kitty/money';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

const PUT_IN = '#0b6e4f';
const SHARE = '#d48806';

const putIn = (member: MemberContribution) => member.addedPence + member.paidPence;

/**
 * What each member put in (added to the pot, plus what they paid themselves for the group) and their
 * share of the spending, as grouped bars. Loaded lazily (recharts is
 * its own chunk). A table with the same figures follows for screen readers.
 */
export default function ContributionsChart({
  contributions,
}: {
  contributions: readonly MemberContribution[];
}) {
  const data = contributions.map((member) => ({
    name: member.name,
    putIn: putIn(member),
    share: member.sharePence,
  }));
  const pounds = (pence: number) => formatPence(pence);
  const axisPounds = (pence: number) => formatPence(pence).replace(/\.00$/, '');

  return (
    <figure className="contributions-chart">
      <div aria-hidden="true">
        {/* Without recharts' keyboard layer: the chart is hidden from assistive technology (the table
            below says the same), so nothing in it may take focus. */}
        <BarChart
          responsive
          accessibilityLayer={false}
          data={data}
          style={{ width: '100%', height: 280 }}
          margin={{ left: 8, right: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/* First names on the axis (full names in the tooltip), slanted so that they never overlap. */}
          <XAxis
            dataKey="name"
            tick={{ fontSize: 12 }}
            interval={0}
            tickFormatter={(name: string) => name.split(' ')[0]}
            angle={-30}
            textAnchor="end"
            height={48}
          />
          <YAxis tickFormatter={axisPounds} width={64} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => pounds(Number(value))} />
          <Legend />
          <Bar dataKey="putIn" name="Put in" fill={PUT_IN} radius={[4, 4, 0, 0]} />
          <Bar dataKey="share" name="Share of spending" fill={SHARE} radius={[4, 4, 0, 0]} />
        </BarChart>
      </div>
      <figcaption className="visually-hidden">
        What each member put in and their share of the spending
      </figcaption>
      {/* A table ignores width: 1px, so the wrapper hides it (else it widens the page on phones). */}
      <div className="visually-hidden">
        <table>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Put in</th>
              <th scope="col">Share of spending</th>
            </tr>
          </thead>
          <tbody>
            {contributions.map((member) => (
              <tr key={member.memberId}>
                <th scope="row">{member.name}</th>
                <td>{formatPence(putIn(member))}</td>
                <td>{formatPence(member.sharePence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
