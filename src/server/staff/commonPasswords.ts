// Passwords of 12 characters or more that appear near the top of public breach lists, plus the
// restaurant's own obvious ones: a staff password among them is refused (compared in lower case).
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "123456789012", "1234567890123", "12345678901234", "123456789123", "1234567891011", "111111111111",
  "000000000000", "123123123123", "121212121212", "987654321098", "098765432109", "112233445566",
  "password1234", "password12345", "password123456", "password1234!", "passwordpassword", "password@123",
  "p@ssword1234", "p@ssw0rd1234", "passw0rd1234", "mypassword123", "mypassword1234", "letmein12345",
  "letmein123456", "iloveyou1234", "iloveyou12345", "welcome12345", "welcome123456", "welcome2024!",
  "welcome2025!", "welcome2026!", "qwertyuiop12", "qwertyuiop123", "qwerty123456", "qwerty1234567",
  "qwertyqwerty", "1qaz2wsx3edc", "1q2w3e4r5t6y", "q1w2e3r4t5y6", "asdfghjkl123", "zxcvbnm12345",
  "abc123456789", "abcd12345678", "abcdefghijkl", "aaaaaaaaaaaa", "changeme1234", "changeme12345",
  "administrator", "administrator1", "admin1234567", "admin123456789", "adminadmin123", "superman1234",
  "batman123456", "football1234", "baseball1234", "basketball12", "starwars1234", "sunshine1234",
  "princess1234", "dragon123456", "monkey123456", "shadow123456", "master123456", "michael12345",
  "trustno1trustno1", "iloveyou2024", "summer202420", "spring2024!!", "winter2024!!", "1234qwerasdf",
  "qwer1234asdf", "zaq12wsxcde3", "passport1234", "computer1234", "internet1234", "jealousfork1",
  "jealousfork123", "jealousfork1234", "jealousfork2026", "jealousburger1", "jealousburger123",
  "jealous-admin", "jealous-admin123", "restaurant123", "restaurant1234", "miamibeach123", "miami1234567",
  "pancakes1234", "burgers12345", "letmeinplease", "correcthorsebatterystaple", "ilovemiami123",
  "staffpassword", "staffpassword1", "ownerpassword", "ownerpassword1",
]);
