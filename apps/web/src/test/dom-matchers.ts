// jest-dom's matchers (toBeVisible, toBeDisabled, toHaveTextContent…) extend Jest's `expect`, so this file
// runs after the test framework is installed, unlike setup.ts.
import '@testing-library/jest-dom';
